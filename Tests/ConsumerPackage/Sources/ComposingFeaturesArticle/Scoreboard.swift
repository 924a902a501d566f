import Composable
import CounterFeature
import Dependencies
import Foundation

// snippet: Scoreboard
