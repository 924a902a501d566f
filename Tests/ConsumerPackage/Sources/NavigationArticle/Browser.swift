import Composable
import CounterFeature
import Dependencies
import Foundation

// Documentation/Navigation.md: a stack of folder and counter screens over a root.

// snippet: Folder

// snippet: Path

// snippet: Browser
