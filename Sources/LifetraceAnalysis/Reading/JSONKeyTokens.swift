/// The keys a reader knows, each as the bytes a sink writes for it (`name":`), told apart by the
/// key's first byte and compared a word at a time: ``JSONLineParser/nextKnownKey(_:)`` finds a key
/// among them without scanning it byte by byte.
struct JSONKeyTokens {
    /// One key: `name":` as up to two little-endian words (zero past its end) and their masks.
    private struct Token {
        let first: UInt64
        let firstMask: UInt64
        let second: UInt64
        let secondMask: UInt64
        /// The bytes of `name":`.
        let length: Int
        /// The key's place in the names the tokens were made of.
        let index: Int
    }

    private let tokens: [Token]
    /// The tokens of each first byte: `tokens[starts[byte]..<starts[byte + 1]]`, longest first.
    private let starts: [Int]

    /// Tokens of `names` (ASCII, without escapes, 1 to 14 bytes each).
    init(_ names: [StaticString]) {
        var made: [Token] = []
        for (index, name) in names.enumerated() {
            let bytes = Array(UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)) + Array("\":".utf8)
            precondition(bytes.count <= 16, "a key token of more than 16 bytes")
            func word(_ range: Range<Int>) -> (UInt64, UInt64) {
                var value: UInt64 = 0
                var mask: UInt64 = 0
                for (shift, offset) in range.enumerated() where offset < bytes.count {
                    value |= UInt64(bytes[offset]) << (8 * UInt64(shift))
                    mask |= 0xFF << (8 * UInt64(shift))
                }
                return (value, mask)
            }
            let (first, firstMask) = word(0..<8)
            let (second, secondMask) = word(8..<16)
            made.append(
                Token(
                    first: first, firstMask: firstMask, second: second, secondMask: secondMask, length: bytes.count,
                    index: index))
        }
        // By first byte, the longest first (`target_id` before `target`: both are tried in turn
        // anyway, each against its whole token).
        made.sort { ($0.first & 0xFF, $1.length) < ($1.first & 0xFF, $0.length) }
        var starts = [Int](repeating: made.count, count: 257)
        for (position, token) in made.enumerated().reversed() { starts[Int(token.first & 0xFF)] = position }
        for byte in stride(from: 255, through: 0, by: -1) where starts[byte] == made.count {
            starts[byte] = starts[byte + 1]
        }
        tokens = made
        self.starts = starts
    }

    /// The index and length (`name":`) of the key whose token the bytes at `offset` start with; `nil`
    /// when none does. The caller checked that 16 bytes from `offset` lie in `bytes`.
    @inline(__always)
    func match(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> (index: Int, length: Int)? {
        let first = bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        let byte = Int(first & 0xFF)
        var candidate = starts[byte]
        let last = starts[byte + 1]
        guard candidate < last else { return nil }
        let second = bytes.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self)
        while candidate < last {
            let token = tokens[candidate]
            if first & token.firstMask == token.first, second & token.secondMask == token.second {
                return (token.index, token.length)
            }
            candidate += 1
        }
        return nil
    }
}
