import Composable
import CounterFeature
import Foundation
import TerminalUI

// The Terminal views article's features and views, in the order it shows them.

// snippet: counter-view

// snippet: notes

// snippet: notes-view

// snippet: app

// snippet: app-view
