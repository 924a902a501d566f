// The command-line layer is the TaskmanCLI library, so that its tests can reach it.
import Foundation
import TaskmanCLI

exit(await Taskman.main())
