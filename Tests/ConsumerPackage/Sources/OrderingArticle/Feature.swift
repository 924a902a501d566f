import Composable
import Foundation

// snippet: Feature
