/// A linear expression: a sum of terms and a constant, `2·x + y − 10`.
public struct Expression: Sendable, CustomStringConvertible {
    /// The terms, in the order they were written (a variable may appear more than once).
    public var terms: [Term]
    /// The constant.
    public var constant: Double

    /// Creates an expression.
    public init(_ terms: [Term] = [], constant: Double = 0) {
        self.terms = terms
        self.constant = constant
    }

    /// The same expression with one term per variable, in first-appearance order, and no zero terms.
    func merged() -> Expression {
        // Most constraints relate a few distinct variables: check that without hashing.
        if terms.count <= 8 {
            var distinct = true
            outer: for i in terms.indices {
                for j in terms.indices where j > i && terms[i].variable === terms[j].variable {
                    distinct = false
                    break outer
                }
            }
            if distinct {
                if terms.allSatisfy({ $0.coefficient != 0 }) { return self }
                return Expression(terms.filter { $0.coefficient != 0 }, constant: constant)
            }
        }
        var order: [Variable] = []
        var sums: [ObjectIdentifier: Double] = [:]
        for term in terms {
            let key = ObjectIdentifier(term.variable)
            if sums[key] == nil { order.append(term.variable) }
            sums[key, default: 0] += term.coefficient
        }
        let kept = order.compactMap { variable -> Term? in
            let coefficient = sums[ObjectIdentifier(variable)] ?? 0
            return coefficient == 0 ? nil : Term(variable, coefficient)
        }
        return Expression(kept, constant: constant)
    }

    /// Whether every coefficient and the constant are finite.
    var isFinite: Bool { constant.isFinite && terms.allSatisfy { $0.coefficient.isFinite } }

    public var description: String {
        var text = ""
        for term in terms {
            if text.isEmpty {
                text = term.coefficient < 0 ? "-" + Term(term.variable, -term.coefficient).description : term.description
            } else {
                text +=
                    term.coefficient < 0
                    ? " - " + Term(term.variable, -term.coefficient).description : " + " + term.description
            }
        }
        if text.isEmpty { return Self.text(constant) }
        if constant != 0 { text += constant < 0 ? " - \(Self.text(-constant))" : " + \(Self.text(constant))" }
        return text
    }

    /// A number without a needless `.0`.
    static func text(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}

/// Anything that reads as a linear expression: a variable, a term, an expression, a number.
public protocol ExpressionConvertible {
    /// The value as an expression.
    var expression: Expression { get }
}

extension Variable: ExpressionConvertible {
    public var expression: Expression { Expression([Term(self)]) }
}

extension Term: ExpressionConvertible {
    public var expression: Expression { Expression([self]) }
}

extension Expression: ExpressionConvertible {
    public var expression: Expression { self }
}

extension Double: ExpressionConvertible {
    public var expression: Expression { Expression(constant: self) }
}

extension Int: ExpressionConvertible {
    public var expression: Expression { Expression(constant: Double(self)) }
}
