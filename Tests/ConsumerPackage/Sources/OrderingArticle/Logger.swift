import Composable
import Foundation

// snippet: Logger
