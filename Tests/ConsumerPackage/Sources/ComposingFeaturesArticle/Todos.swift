import Composable
import CounterFeature
import Dependencies
import Foundation
import TodosFeature

// snippet: Todos
