/// Makes a failing case of a randomized test smaller while it still fails: each round replaces
/// the smallest case so far by the first of its `candidates` (one change smaller each, the
/// biggest changes first) that still fails, for at most `rounds` rounds. `firstFailing` answers
/// for a whole round at once (so an oracle process can take the candidates in one go): the index
/// of the first that still fails, or `nil`.
public func shrink<Case>(
    _ failing: Case, rounds: Int, candidates: (Case) -> [Case], firstFailing: ([Case]) throws -> Int?
) rethrows -> Case {
    var smallest = failing
    for _ in 0..<rounds {
        let round = candidates(smallest)
        guard !round.isEmpty, let index = try firstFailing(round) else { break }
        smallest = round[index]
    }
    return smallest
}
