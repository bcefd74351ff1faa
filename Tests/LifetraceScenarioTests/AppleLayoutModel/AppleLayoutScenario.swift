import LifetraceTestSupport

/// A random Auto Layout scenario in the scenario language, for ``AppleLayoutOracleTests``: a
/// controller `Home` whose view holds 2…8 views and stack views (nested), placed by constraints
/// with every priority level the oracle cares about, launched, then changed up to twelve times.
///
/// What it holds (see ``AppleLayoutScenarioBuilder`` for the choices):
/// - views with and without intrinsic sizes; stack views of every axis, alignment and
///   distribution (`fill`, `fillEqually`, `equalSpacing`), nested in views and in each other;
/// - constraints between a view and its superview, its siblings or the root view: positions with
///   multipliers (0.5, 2) as well as 1, widths and heights as numbers, as multiples of another
///   view's, or as an aspect ratio; inequalities; priorities from 1000, 999, 751, 750, 500, 250,
///   249 and 50;
/// - after `launch Home`: `set-constant`, `activate`, `deactivate`, `hide`, `show`, `intrinsic`,
///   `rotate`, and constraints and views added on screen.
///
/// It leaves out what the model does not cover: the safe-area and margins guides, `frame=`,
/// positions equal to a number (invalid in UIKit), hiding the last visible view of a stack.
struct AppleLayoutScenario: Sendable, Hashable, CustomStringConvertible {
    /// The steps, one a line (no comments, no blank lines: step K is line K + 1).
    var lines: [String]

    /// The scenario's text.
    var text: String { lines.joined(separator: "\n") + "\n" }
    var description: String { text }

    /// The scenario of `seed`.
    static func random(seed: UInt64) -> AppleLayoutScenario {
        var builder = AppleLayoutScenarioBuilder(seed: seed)
        return AppleLayoutScenario(lines: builder.build())
    }

    /// Scenario `index` of a run seeded `seed`.
    static func random(_ index: Int, of seed: UInt64) -> AppleLayoutScenario {
        random(seed: SeededRandom.seed(seed, system: index))
    }
}
