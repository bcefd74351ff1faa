// Lists scrolled frame by frame (docs/lists.md), instrumentation off:
//
//   list:<cells>:<subviews>:<rows>  one second of scrolling at 120 frames a second, one frame at a
//                                   time (a sample): cells are self-sizing (constraints, sized by
//                                   systemLayoutSizeFitting), manual (frames, sizeThatFits) or fixed
//                                   (a fixed row height, nothing measured); custom metrics: each
//                                   sample's median and 99th-percentile frame, the frames over the
//                                   8.33 ms budget and the cells made beyond the most on screen
//   list:diffable:<items>           a diffable data source applying a snapshot with 1 % of its
//                                   items replaced (the difference, the batch, the table's layout)

import Benchmark
import BenchmarkSupport
import Foundation
import Lifetrace
import LifetraceUI

/// Hands a non-`Sendable` value to the main actor (the benchmark runner is single-threaded here).
struct Unchecked<Value>: @unchecked Sendable {
    let value: Value
}

/// Lists scrolled before, kept for the process's life (a sample goes on where the last stopped).
@MainActor
enum Built {
    static var lists: [String: ScrolledList] = [:]

    static func list(_ kind: ScrolledList.Kind, _ subviews: Int, _ rows: Int) -> ScrolledList {
        let key = "\(kind.rawValue)/\(subviews)/\(rows)"
        if let built = lists[key] { return built }
        let made = ScrolledList(kind: kind, subviews: subviews, rows: rows)
        lists[key] = made
        return made
    }
}

enum FrameMetric {
    static let p50 = BenchmarkMetric.custom("frame-p50-ns", polarity: .prefersSmaller, useScalingFactor: false)
    static let p99 = BenchmarkMetric.custom("frame-p99-ns", polarity: .prefersSmaller, useScalingFactor: false)
    /// Frames over budget since the list was built, and frames (the share's numerator and denominator).
    static let over = BenchmarkMetric.custom("frames-over-budget", polarity: .prefersSmaller, useScalingFactor: false)
    static let frames = BenchmarkMetric.custom("frames", polarity: .prefersSmaller, useScalingFactor: false)
    /// Cells made beyond the most on screen at once (the reuse bound: at most 4 per identifier).
    static let extraCells = BenchmarkMetric.custom("cells-beyond-visible", polarity: .prefersSmaller, useScalingFactor: false)
}

/// The frames measured in a list's samples so far.
@MainActor
enum Tally {
    static var frames: [String: (all: Int, over: Int)] = [:]
}

let benchmarks: @Sendable () -> Void = {
    let quick = BenchmarkSettings.quick
    var shapes: [(ScrolledList.Kind, Int, Int)] = [
        (.selfSizing, 6, 10_000), (.selfSizing, 6, 100_000), (.manual, 6, 10_000), (.fixed, 1, 10_000),
    ]
    if !quick {
        shapes += [
            (.selfSizing, 3, 10_000), (.selfSizing, 12, 10_000), (.manual, 3, 10_000), (.manual, 12, 10_000),
            (.fixed, 1, 100_000),
        ]
    }
    let frames = Int(ScrolledList.framesPerSecond)
    for (kind, subviews, rows) in shapes {
        // A fixed-height list allocates nothing once warm; a measured one allocates with the rows
        // each second brings in (their texts' lengths), which moves its count by a few tens.
        let tolerance = kind == .fixed ? 1 : 20 * subviews
        var configuration = BenchmarkSettings.configuration(
            .one, allocationTolerance: tolerance, setup: { LifetraceSystem.bootstrap(NoOpSink()) })
        configuration.metrics += [FrameMetric.p50, FrameMetric.p99, FrameMetric.over, FrameMetric.frames, FrameMetric.extraCells]
        let name = "list:\(kind.rawValue):\(subviews):\(rows)"
        Benchmark(name, configuration: configuration) { benchmark async in
            let box = Unchecked(value: benchmark)
            await MainActor.run {
                let list = Built.list(kind, subviews, rows)
                let clock = ContinuousClock()
                var durations = [Duration](repeating: .zero, count: frames)
                list.prepare(for: frames)
                box.value.startMeasurement()
                for index in 0..<frames {
                    let start = clock.now
                    list.frame()
                    durations[index] = clock.now - start
                }
                box.value.stopMeasurement()
                list.noteVisible()
                let nanoseconds = durations.map {
                    Int($0.components.attoseconds / 1_000_000_000) + Int($0.components.seconds) * 1_000_000_000
                }.sorted()
                var tally = Tally.frames[name] ?? (0, 0)
                tally.all += frames
                tally.over += nanoseconds.count { $0 > ScrolledList.budget }
                Tally.frames[name] = tally
                box.value.measurement(FrameMetric.p50, nanoseconds[frames / 2])
                box.value.measurement(FrameMetric.p99, nanoseconds[frames * 99 / 100])
                box.value.measurement(FrameMetric.over, tally.over)
                box.value.measurement(FrameMetric.frames, tally.all)
                box.value.measurement(FrameMetric.extraCells, list.cellsMade - list.mostVisible)
            }
        }
    }
    for items in [1_000, 10_000] {
        let configuration = BenchmarkSettings.configuration(
            .one, allocationTolerance: items / 200, setup: { LifetraceSystem.bootstrap(NoOpSink()) })
        Benchmark("list:diffable:\(items)", configuration: configuration) { benchmark async in
            let box = Unchecked(value: benchmark)
            await MainActor.run {
                let list = DiffableList(items: items)
                for _ in box.value.scaledIterations {
                    let next = list.changed()
                    box.value.startMeasurement()
                    list.apply(next)
                    box.value.stopMeasurement()
                }
            }
        }
    }
}
