import Composable
import CounterFeature
import Dependencies
import Foundation
import SearchFeature

// snippet: Tabs
