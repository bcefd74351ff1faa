// Building expressions: `x + 2 * y - 10`, `0.5 * (a + b)`, `-x`.

public func + (lhs: some ExpressionConvertible, rhs: some ExpressionConvertible) -> Expression {
    let left = lhs.expression
    let right = rhs.expression
    var terms = left.terms
    terms.append(contentsOf: right.terms)
    return Expression(terms, constant: left.constant + right.constant)
}

public func - (lhs: some ExpressionConvertible, rhs: some ExpressionConvertible) -> Expression {
    let left = lhs.expression
    let right = rhs.expression
    var terms = left.terms
    terms.reserveCapacity(left.terms.count + right.terms.count)
    for term in right.terms { terms.append(Term(term.variable, -term.coefficient)) }
    return Expression(terms, constant: left.constant - right.constant)
}

public prefix func - (operand: some ExpressionConvertible) -> Expression {
    -1.0 * operand
}

public func * (factor: Double, operand: some ExpressionConvertible) -> Expression {
    let expression = operand.expression
    return Expression(
        expression.terms.map { Term($0.variable, $0.coefficient * factor) }, constant: expression.constant * factor)
}

public func * (operand: some ExpressionConvertible, factor: Double) -> Expression {
    factor * operand
}

public func / (operand: some ExpressionConvertible, divisor: Double) -> Expression {
    (1 / divisor) * operand
}
