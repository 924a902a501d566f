import Composable
import Dispatch

// The article's "Where effects run".
// snippet: executor
