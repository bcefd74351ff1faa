import LifetraceUI

/// An Auto Layout step of a scenario: declaring views and stack views, constraints, and the
/// changes whose cost a trace shows (a constant, activation, a hidden arranged view, an
/// intrinsic size).
///
/// | step | meaning |
/// |---|---|
/// | `view NAME in PARENT [intrinsic=WxH] [frame=X,Y,WxH]` | a view in PARENT (a view, or a controller's root view, added when it loads); placed by constraints unless `frame=` is given |
/// | `stack NAME in PARENT [axis=…] [spacing=N] [alignment=…] [distribution=…]` | a stack view; views declared in it are arranged |
/// | `constrain ID ITEM.ATTR REL ITEM.ATTR\|NUMBER [* M] [+ C\|- C] [priority=P]` | an active constraint, such as `constrain top Title.top == First.safeArea.top + 8` |
/// | `set-constant ID C`, `activate ID`, `deactivate ID` | change a constraint |
/// | `hide NAME`, `show NAME`, `intrinsic NAME WxH` | change a view |
/// | `check-ambiguity on\|off` | report ambiguous layouts after each solve |
public enum LayoutStep: Sendable, Hashable {
    /// `view NAME in PARENT [intrinsic=WxH] [frame=X,Y,WxH]`.
    case declareView(name: String, parent: String, intrinsicSize: Size?, frame: Rect?)
    /// `stack NAME in PARENT [axis=horizontal|vertical] [spacing=N] [alignment=fill|leading|center|trailing]
    /// [distribution=fill|fillEqually|equalSpacing]`.
    case declareStack(
        name: String, parent: String, axis: LayoutAxis, spacing: Double, alignment: StackView.Alignment,
        distribution: StackView.Distribution)
    /// `constrain ID FIRST REL SECOND …`.
    case constrain(ConstraintSpecification)
    /// `set-constant ID C`.
    case setConstant(id: String, constant: Double)
    /// `activate ID` or `deactivate ID`.
    case setActive(id: String, active: Bool)
    /// `hide NAME` or `show NAME`.
    case setHidden(name: String, hidden: Bool)
    /// `intrinsic NAME WxH`.
    case setIntrinsicSize(name: String, size: Size)
    /// `check-ambiguity on|off`.
    case checkAmbiguity(Bool)

    /// The step keywords of layout steps.
    static let keywords = [
        "view", "stack", "constrain", "set-constant", "activate", "deactivate", "hide", "show", "intrinsic",
        "check-ambiguity",
    ]
}

/// A constraint as a scenario writes it: `FIRST REL SECOND * MULTIPLIER + CONSTANT @PRIORITY`.
public struct ConstraintSpecification: Sendable, Hashable {
    /// An item's attribute: `Title.leading`, `First.safeArea.top`, `First.margins.trailing`.
    public struct Anchor: Sendable, Hashable, CustomStringConvertible {
        /// A view's or a controller's name.
        public var item: String
        /// The guide of the item, if the anchor is a guide's.
        public var guide: Guide?
        /// The attribute.
        public var attribute: LayoutAttribute

        /// `safeArea` or `margins`.
        public enum Guide: String, Sendable, Hashable {
            case safeArea, margins
        }

        /// Creates an anchor.
        public init(item: String, guide: Guide?, attribute: LayoutAttribute) {
            self.item = item
            self.guide = guide
            self.attribute = attribute
        }

        public var description: String { [item, guide?.rawValue, "\(attribute)"].compactMap { $0 }.joined(separator: ".") }
    }

    /// The constraint's name in later steps.
    public var id: String
    public var first: Anchor
    public var relation: LayoutRelation
    /// `nil` for a constraint on a constant (`Title.width == 100`).
    public var second: Anchor?
    public var multiplier: Double
    public var constant: Double
    public var priority: Float

    /// Creates a specification.
    public init(
        id: String, first: Anchor, relation: LayoutRelation, second: Anchor?, multiplier: Double, constant: Double,
        priority: Float
    ) {
        self.id = id
        self.first = first
        self.relation = relation
        self.second = second
        self.multiplier = multiplier
        self.constant = constant
        self.priority = priority
    }
}
