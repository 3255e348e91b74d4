import Foundation
import NodeCommandLine

// Parses the command line, runs the command, and exits with 0 (success), 1 (invalid input) or
// 2 (usage error). See `CommandLineTool.main(arguments:)`.
exit(CommandLineTool.calculator.main(arguments: Array(CommandLine.arguments.dropFirst())))
