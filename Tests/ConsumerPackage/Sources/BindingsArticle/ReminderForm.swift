import Composable
import Dependencies
import Foundation

// snippet: form
