import Composable
import CounterFeature
import Dependencies
import Foundation

// snippet: case paths

// snippet: two counters
