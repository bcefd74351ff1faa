import Lifetrace

/// What an open interval waits under until its end (``IntervalPairing``): its host's number (0:
/// none), process, thread, identity and hook.
struct IntervalKey: Equatable {
    var host: UInt32
    var process: UInt32?
    var thread: UInt32
    var id: UInt
    var hook: Hook

    static func == (a: IntervalKey, b: IntervalKey) -> Bool {
        a.id == b.id && a.thread == b.thread && a.hook.code == b.hook.code && a.process == b.process && a.host == b.host
    }

    /// The members mixed into one word, every bit of which depends on each of them.
    var mixed: UInt64 {
        let threads = UInt64(process ?? UInt32.max) << 32 | UInt64(thread)
        let place = (threads &* 0x9E37_79B9_7F4A_7C15) ^ (UInt64(host) << 40 | UInt64(hook.code))
        return ((place &* 0xBF58_476D_1CE4_E5B9) ^ UInt64(id)) &* 0x94D0_49BB_1331_11EB
    }
}

/// The innermost open begin of each key, as a number (its slot in the pairing's list of begins).
///
/// Open addressing with linear probing in a table of a power of two entries, at most three quarters
/// full; a key's first place comes from one multiplication (``IntervalKey/mixed``): a begin and an
/// end cost no hasher's rounds (`Dictionary` hashes with SipHash: a fifth of the pairing's work). A
/// removal moves back the entries after it that belong before it, so no marker of a removed entry is
/// left and searches stay short. Memory is the most keys open at once.
struct OpenIntervalTable {
    private var keys: [IntervalKey] = []
    /// Each place's number, or -1 when the place is empty.
    private var numbers: [Int] = []
    private var count = 0
    private var mask = 0

    private func home(of key: IntervalKey) -> Int { Int(truncatingIfNeeded: key.mixed >> 32) & mask }

    /// The place of `key`, or of the empty place where it would go, and whether it is there.
    private func find(_ key: IntervalKey) -> (place: Int, found: Bool) {
        var place = home(of: key)
        while numbers[place] >= 0 {
            if keys[place] == key { return (place, true) }
            place = (place + 1) & mask
        }
        return (place, false)
    }

    /// Sets the number of `key`; returns the number it had.
    mutating func updateValue(_ number: Int, forKey key: IntervalKey) -> Int? {
        if (count + 1) * 4 > numbers.count * 3 { grow() }
        let (place, found) = find(key)
        if found {
            defer { numbers[place] = number }
            return numbers[place]
        }
        keys[place] = key
        numbers[place] = number
        count += 1
        return nil
    }

    /// The place of `key`, if it has a number.
    func place(of key: IntervalKey) -> Int? {
        guard count > 0 else { return nil }
        let (place, found) = find(key)
        return found ? place : nil
    }

    /// The number at a place ``place(of:)`` gave.
    func number(at place: Int) -> Int { numbers[place] }

    /// Changes the number at a place ``place(of:)`` gave.
    mutating func setNumber(_ number: Int, at place: Int) { numbers[place] = number }

    /// Removes the key at a place ``place(of:)`` gave.
    mutating func remove(at place: Int) {
        var hole = place
        var next = (hole + 1) & mask
        while numbers[next] >= 0 {
            // The entry at `next` moves into the hole unless its home lies after the hole (cyclically),
            // where a search for it starts past the hole anyway.
            if (next - home(of: keys[next])) & mask >= (next - hole) & mask {
                keys[hole] = keys[next]
                numbers[hole] = numbers[next]
                hole = next
            }
            next = (next + 1) & mask
        }
        numbers[hole] = -1
        count -= 1
    }

    /// Forgets every key.
    mutating func removeAll() {
        keys = []
        numbers = []
        count = 0
        mask = 0
    }

    /// Doubles the table (16 places at first) and puts each key back.
    private mutating func grow() {
        let (oldKeys, oldNumbers) = (keys, numbers)
        let capacity = max(16, numbers.count * 2)
        keys = Array(repeating: IntervalKey(host: 0, process: nil, thread: 0, id: 0, hook: .loadView), count: capacity)
        numbers = Array(repeating: -1, count: capacity)
        mask = capacity - 1
        for (key, number) in zip(oldKeys, oldNumbers) where number >= 0 {
            let (place, _) = find(key)
            keys[place] = key
            numbers[place] = number
        }
    }
}
