import Foundation

// Parses the command line, runs the command, and exits with 0 (success), 1 (invalid input) or
// 2 (usage error). See `NodeUICommand.main(arguments:)`.
exit(NodeUICommand.main(arguments: Array(CommandLine.arguments.dropFirst())))
