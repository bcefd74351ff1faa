import Foundation
import Lifetrace
import LifetraceTestSupport
import Testing

@testable import LifetraceCTF

/// The pairing's table of open intervals against `Dictionary`, on random begins and ends over few
/// keys (so that probes collide, wrap around the table and removals move entries back).
@Suite("open interval table")
struct OpenIntervalTableTests {
    @Test("random updates and removals: the same numbers as a dictionary, at every step")
    func againstDictionary() {
        let seed =
            ProcessInfo.processInfo.environment["LIFETRACE_OPEN_TABLE_SEED"].flatMap { UInt64($0) }
            ?? UInt64.random(in: 1...UInt64(UInt32.max))
        print("open interval table: seed \(seed) (replay: LIFETRACE_OPEN_TABLE_SEED=\(seed))")
        var random = SeededRandom(seed: seed)
        var table = OpenIntervalTable()
        var expected: [UInt64: Int] = [:]
        // Keys that differ in one member each, some of them equal in `mixed` but for the id.
        func key(_ index: UInt64) -> IntervalKey {
            IntervalKey(
                host: UInt32(index % 3), process: index % 5 == 0 ? nil : UInt32(index % 7), thread: UInt32(index % 11),
                id: UInt(index / 4), hook: Hook.wellKnown[Int(index % 4)])
        }
        for step in 0..<200_000 {
            // Few keys at first, more later: the table grows while entries come and go.
            let index = random.next() % (step < 100_000 ? 40 : 3_000)
            if random.next() % 3 == 0, let place = table.place(of: key(index)) {
                #expect(table.number(at: place) == expected[index], "step \(step), seed \(seed)")
                table.remove(at: place)
                expected[index] = nil
            } else {
                let number = Int(random.next() % 1_000_000)
                #expect(table.updateValue(number, forKey: key(index)) == expected.updateValue(number, forKey: index))
            }
            if step % 1_000 == 0 {
                for probe in 0..<UInt64(3_000) {
                    let found = table.place(of: key(probe)).map(table.number(at:))
                    guard found == expected[probe] else {
                        Issue.record(
                            "step \(step): key \(probe) has \(found ?? -1), expected \(expected[probe] ?? -1); seed \(seed)")
                        return
                    }
                }
            }
        }
        table.removeAll()
        #expect(table.place(of: key(1)) == nil)
    }
}
