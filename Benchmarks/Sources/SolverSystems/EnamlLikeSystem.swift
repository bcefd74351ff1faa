import LifetraceCassowary

#if canImport(Glibc)
import Glibc
#endif

/// kiwi's "enaml-like" benchmark system (a form of labels and fields, resized through two edit
/// variables), read from the neutral file tools/kiwi-floor extracts from kiwisolver's source
/// distribution at bench time (`LIFETRACE_ENAML_SYSTEM`):
///
///     edit NAME WEIGHT
///     constraint REL WEIGHT CONSTANT COEFFICIENT NAME ...
public final class EnamlLikeSystem {
    public let solver: Solver
    private let width: Variable
    private let height: Variable

    /// The system at `path`, or `nil` when the file is missing or malformed.
    public init?(path: String) {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let read = fread(&chunk, 1, chunk.count, file)
            if read <= 0 { break }
            bytes += chunk[0..<read]
        }
        let solver = Solver()
        var variables: [String: Variable] = [:]
        func variable(_ name: Substring) -> Variable {
            if let known = variables[String(name)] { return known }
            let made = Variable(String(name))
            variables[String(name)] = made
            return made
        }
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
            let words = line.split(separator: " ")
            guard let kind = words.first else { continue }
            if kind == "edit", words.count == 3, let weight = Double(words[2]) {
                guard (try? solver.addEditVariable(variable(words[1]), strength: Strength(weight: weight))) != nil else {
                    return nil
                }
            } else if kind == "constraint", words.count >= 4, let weight = Double(words[2]), let constant = Double(words[3]) {
                var expression = Expression(constant: constant)
                var index = 4
                while index + 1 < words.count, let coefficient = Double(words[index]) {
                    expression = expression + coefficient * variable(words[index + 1])
                    index += 2
                }
                let relation: Relation = words[1] == "==" ? .equal : words[1] == "<=" ? .lessThanOrEqual : .greaterThanOrEqual
                _ = try? solver.add(Constraint(expression, relation, 0.0, strength: Strength(weight: weight)))
            }
        }
        guard let width = variables["width"], let height = variables["height"] else { return nil }
        self.solver = solver
        self.width = width
        self.height = height
    }

    private static let sizes: [(Double, Double)] = [(400, 600), (600, 400), (800, 1200), (1200, 800), (400, 800), (800, 400)]

    /// One update as kiwi's benchmark does it: both edit variables suggested, values read.
    public func update(round: Int) {
        let (w, h) = Self.sizes[round % Self.sizes.count]
        try? solver.suggestValue(w, for: width)
        try? solver.suggestValue(h, for: height)
        solver.updateVariables()
    }
}
