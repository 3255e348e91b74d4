import NodeGraph

/// One thing wrong with a graph file, naming the node and field where it is.
///
/// Loading collects every problem it can find rather than stopping at the first;
/// ``GraphFileError/problems`` lists them in the order they appear in the file.
public struct LoadProblem: Error, Hashable, Sendable, CustomStringConvertible {
    /// The sort of problem, for programs that react to some of them.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// The file cannot be opened or read.
        case unreadable
        /// The file is larger than ``GraphFile/Limits/maximumBytes``, or holds more JSON values
        /// than ``GraphFile/Limits/maximumValues``.
        case fileTooLarge
        /// The text is not JSON.
        case malformedJSON
        /// The text is JSON, but nests lists and objects deeper than
        /// ``GraphFile/Limits/maximumDepth``.
        case nestedTooDeep
        /// `format` is not `nodegraph`.
        case wrongFormat
        /// `version` is not one this library reads.
        case unsupportedVersion
        /// A required field is absent.
        case missingField
        /// A field this format does not define.
        case unexpectedField
        /// The same field twice in one object.
        case duplicateField
        /// A field holds the wrong sort of JSON value (a string where a number belongs…).
        case wrongType
        /// More nodes than ``GraphFile/Limits/maximumNodes``.
        case tooManyNodes
        /// Two nodes share an identifier.
        case duplicateID
        /// An identifier is empty, too long or holds control characters.
        case invalidID
        /// No registered kind has this name.
        case unknownKind
        /// An input names a node that is not in the file.
        case danglingInput
        /// More inputs than the kind has slots.
        case tooManyInputs
        /// An input's node produces a type the slot does not accept.
        case slotTypeMismatch
        /// Inputs form a loop; the message names it as a path.
        case cycle
        /// A number too large to represent (such as `1e999`).
        case nonFiniteNumber
        /// A value the node cannot hold (wrong type, or a value on a node that holds none).
        case invalidValue
        /// A display name that is empty, too long or holds control characters.
        case invalidName
        /// A position that is not a whole number within `Position.validRange`.
        case invalidPosition
        /// A definition's kind is already a kind (registered, another definition's, `groupInput`).
        case kindTaken
        /// A definition's `inputs` are not its `groupInput` nodes, each once; or a `groupInput`
        /// node outside a definition.
        case invalidDefinition
        /// Definitions use each other in a loop; the message names it as a path.
        case definitionLoop
        /// Definitions nest deeper than `Graph.maximumNesting`.
        case definitionsNestTooDeep
    }

    /// The sort of problem.
    public var kind: Kind
    /// The definition (by kind) the problem is in, when it is inside one.
    public var definition: String?
    /// The node's identifier, when the problem belongs to a node whose id could be read.
    public var node: NodeID?
    /// The node's index in its `nodes` list (the file's, or its definition's), when the problem
    /// belongs to a node.
    public var nodeIndex: Int?
    /// The field, e.g. `version`, `kind` or `inputs[2]`.
    public var field: String?
    /// Where in the text the problem is.
    public var location: TextLocation?
    /// What is wrong, in a sentence fragment without the node or field (`no node has id 'zz'`);
    /// anything unprintable from the file is shown escaped.
    public var reason: String

    /// Creates a problem.
    /// - Parameters:
    ///   - kind: The sort of problem.
    ///   - definition: The definition it is in.
    ///   - node: The node's identifier.
    ///   - nodeIndex: The node's index in its list.
    ///   - field: The field.
    ///   - location: Where in the text.
    ///   - reason: What is wrong.
    public init(
        _ kind: Kind, definition: String? = nil, node: NodeID? = nil, nodeIndex: Int? = nil,
        field: String? = nil, location: TextLocation? = nil, reason: String
    ) {
        self.kind = kind
        self.definition = definition
        self.node = node
        self.nodeIndex = nodeIndex
        self.field = field
        self.location = location
        self.reason = reason
    }

    /// One line naming where and what: `line 7, column 5: node 'sum', field 'inputs[1]': no node has id 'zz'`,
    /// or inside a definition `definition 'average', node 'half', field 'inputs[0]': …`.
    ///
    /// The node's id and the field are shown with anything unprintable escaped (`field 'x\u0000y'`).
    public var description: String {
        var subject: [String] = []
        if let definition { subject.append("definition '\(definition.escapedForMessage)'") }
        if let node {
            subject.append("node '\(node.rawValue.escapedForMessage)'")
        } else if let nodeIndex {
            subject.append("nodes[\(nodeIndex)]")
        }
        if let field { subject.append("field '\(field.escapedForMessage)'") }
        var parts: [String] = []
        if let location { parts.append(location.description) }
        if !subject.isEmpty { parts.append(subject.joined(separator: ", ")) }
        parts.append(reason)
        return parts.joined(separator: ": ")
    }
}

/// Why a graph file could not be loaded: every problem found, in file order.
public struct GraphFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The problems, at least one.
    public var problems: [LoadProblem]

    /// Creates an error from the problems found.
    /// - Parameter problems: The problems, at least one.
    public init(problems: [LoadProblem]) { self.problems = problems }

    /// One problem per line.
    public var description: String { problems.map(\.description).joined(separator: "\n") }
}
