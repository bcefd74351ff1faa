import LifetraceTestSupport

/// Writes one random ``AppleLayoutScenario``: the views, the constraints that place them (each
/// view one position and, often, one length per axis, mostly required, so that most layouts are
/// determined and most required sets satisfiable), a few extra constraints at random priorities
/// that compete with them, `launch Home`, then the changes.
struct AppleLayoutScenarioBuilder {
    /// A declared view or stack view.
    struct Declared {
        var name: String
        var parent: String
        var isStack: Bool
        var depth: Int
    }

    /// A declared constraint: its name and whether it equates a length with a number.
    struct DeclaredConstraint {
        var id: String
        var isLength: Bool
    }

    static let root = "Home"
    static let priorities: [Int] = [999, 751, 750, 500, 250, 249, 50]
    static let constants: [Double] = [0, 0, 8, 10, 16, 20, 40, -10, -24, 60]
    static let lengths: [Double] = [20, 30, 40, 60, 80, 100, 120, 150, 200, 300]
    static let multipliers: [Double] = [1, 1, 1, 1, 0.5, 0.5, 2, 1.5]

    private var random: SeededRandom
    private var lines: [String] = []
    private var views: [Declared] = []
    private var constraints: [DeclaredConstraint] = []
    private var hidden: Set<String> = []
    private var landscape = false
    private var nextView = 1
    private var nextStack = 1

    init(seed: UInt64) { random = SeededRandom(seed: seed) }

    /// The scenario's steps.
    mutating func build() -> [String] {
        let count = random.int(2...8)
        for index in 0..<count {
            declareView(mayBeStack: index < count - 1)
        }
        for view in views { place(view) }
        for _ in 0..<random.int(0...3) { competingConstraint() }
        lines.append("launch \(Self.root)")
        for _ in 0..<random.int(0...12) { change() }
        return lines
    }

    // MARK: Views

    private var containers: [Declared] { views.filter { $0.depth < 3 } }

    private func arranged(in stack: String) -> [Declared] { views.filter { $0.parent == stack } }

    private func declared(_ name: String) -> Declared? { views.first { $0.name == name } }

    private func isArranged(_ view: Declared) -> Bool { declared(view.parent)?.isStack == true }

    @discardableResult
    private mutating func declareView(mayBeStack: Bool) -> Declared {
        // A stack without arranged views gets the next view.
        let parent: Declared? =
            views.last { $0.isStack && arranged(in: $0.name).isEmpty }
            ?? random.pick([nil, nil] + containers + containers.filter(\.isStack))
        let isStack = mayBeStack && random.chance(0.3)
        let name = isStack ? "S\(nextStack)" : "V\(nextView)"
        if isStack { nextStack += 1 } else { nextView += 1 }
        let view = Declared(name: name, parent: parent?.name ?? Self.root, isStack: isStack, depth: (parent?.depth ?? 0) + 1)
        if isStack {
            let axis = random.pick(["horizontal", "vertical"])
            let alignment = random.pick(["fill", "leading", "center", "trailing"])
            let distribution = random.pick(["fill", "fillEqually", "equalSpacing"])
            let spacing = random.pick([0, 4, 8, 10, 20])
            lines.append(
                "stack \(name) in \(view.parent) axis=\(axis) spacing=\(spacing) alignment=\(alignment) distribution=\(distribution)"
            )
        } else {
            lines.append("view \(name) in \(view.parent)" + (random.chance(0.65) ? " intrinsic=\(randomSize())" : ""))
        }
        views.append(view)
        return view
    }

    private mutating func randomSize() -> String {
        "\(random.pick([10, 20, 30, 40, 50, 60, 80, 100, 120]))x\(random.pick([10, 20, 24, 30, 40, 44, 60]))"
    }

    // MARK: Constraints

    /// A view's own constraints: in a stack view, at most a length; otherwise per axis one
    /// position (against its superview, a sibling or the root view) and often one length.
    private mutating func place(_ view: Declared) {
        if isArranged(view) {
            if random.chance(0.4) { length(of: view, horizontal: random.chance(0.5)) }
            return
        }
        for horizontal in [true, false] {
            position(of: view, horizontal: horizontal)
            if random.chance(view.isStack ? 0.4 : 0.6) { length(of: view, horizontal: horizontal) }
        }
    }

    private mutating func priority(requiredChance: Double) -> Int {
        random.chance(requiredChance) ? 1000 : random.pick(Self.priorities)
    }

    private mutating func constrain(_ body: String, priority: Int, isLength: Bool = false) {
        let id = "c\(constraints.count + 1)"
        constraints.append(DeclaredConstraint(id: id, isLength: isLength))
        lines.append("constrain \(id) \(body)" + (priority < 1000 ? " priority=\(priority)" : ""))
    }

    /// `* M + C` as the language writes it.
    private static func tail(multiplier: Double, constant: Double) -> String {
        (multiplier == 1 ? "" : " * \(number(multiplier))")
            + (constant == 0 ? "" : constant > 0 ? " + \(number(constant))" : " - \(number(-constant))")
    }

    static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }

    /// Another item for `view`'s constraint: its superview, a sibling placed by constraints
    /// (not arranged), or the root view.
    private mutating func partner(of view: Declared, siblingsOnly: Bool = false) -> (name: String, isSibling: Bool) {
        let siblings = views.filter { $0.parent == view.parent && $0.name != view.name && (!isArranged($0) || siblingsOnly) }
        if !siblings.isEmpty, random.chance(siblingsOnly ? 1 : 0.3) { return (random.pick(siblings).name, true) }
        if view.parent != Self.root, random.chance(0.15) { return (Self.root, false) }
        return (view.parent, false)
    }

    private mutating func position(of view: Declared, horizontal: Bool) {
        let attributes = horizontal ? ["leading", "trailing", "centerX", "left", "right"] : ["top", "bottom", "centerY"]
        let first = random.pick(attributes)
        let (other, isSibling) = partner(of: view)
        var second = first
        if isSibling {
            let opposite = [
                "leading": "trailing", "trailing": "leading", "left": "right", "right": "left", "top": "bottom", "bottom": "top",
            ]
            second = random.chance(0.6) ? opposite[first] ?? first : random.pick(attributes)
        } else if random.chance(0.25) {
            second = random.pick(attributes)
        }
        let multiplier = random.pick(Self.multipliers)
        let constant = random.pick(Self.constants)
        let relation = random.chance(0.85) ? "==" : random.pick(["<=", ">="])
        constrain(
            "\(view.name).\(first) \(relation) \(other).\(second)" + Self.tail(multiplier: multiplier, constant: constant),
            priority: priority(requiredChance: 0.7))
    }

    private mutating func length(of view: Declared, horizontal: Bool) {
        let attribute = horizontal ? "width" : "height"
        let relation = random.chance(0.75) ? "==" : random.pick(["<=", ">="])
        let required = isArranged(view) ? 0.2 : 0.6
        switch random.int(0...3) {
        case 0, 1:
            constrain(
                "\(view.name).\(attribute) \(relation) \(Self.number(random.pick(Self.lengths)))",
                priority: priority(requiredChance: required), isLength: true)
        case 2:
            let (other, _) = partner(of: view)
            let multiplier: Double = random.pick([1, 0.5, 0.25, 0.5, 2])
            let constant: Double = random.pick([0, 0, -20, 10])
            constrain(
                "\(view.name).\(attribute) \(relation) \(other).\(attribute)"
                    + Self.tail(multiplier: multiplier, constant: constant),
                priority: priority(requiredChance: required))
        default:
            let other = horizontal ? "height" : "width"
            constrain(
                "\(view.name).\(attribute) \(relation) \(view.name).\(other)"
                    + Self.tail(multiplier: random.pick([1, 2, 0.5]), constant: 0),
                priority: priority(requiredChance: required * 0.5))
        }
    }

    /// A constraint that competes with the others: a length or a position of any view, mostly
    /// optional.
    private mutating func competingConstraint() {
        guard let view = views.isEmpty ? nil : random.pick(views) else { return }
        let horizontal = random.chance(0.5)
        let priority = priority(requiredChance: 0.1)
        if random.chance(0.5) || isArranged(view) && arranged(in: view.parent).count < 2 {
            let relation = random.pick(["==", "==", "<=", ">="])
            constrain(
                "\(view.name).\(horizontal ? "width" : "height") \(relation) \(Self.number(random.pick(Self.lengths)))",
                priority: priority, isLength: true)
            return
        }
        let attributes = horizontal ? ["leading", "trailing", "centerX"] : ["top", "bottom", "centerY"]
        let (other, _) = partner(of: view, siblingsOnly: isArranged(view))
        let relation = random.pick(["==", "<=", ">="])
        constrain(
            "\(view.name).\(random.pick(attributes)) \(relation) \(other).\(random.pick(attributes))"
                + Self.tail(multiplier: random.pick(Self.multipliers), constant: random.pick(Self.constants)),
            priority: priority)
    }

    // MARK: Changes

    private mutating func change() {
        switch random.int(0...19) {
        case 0...5:
            guard let constraint = constraints.isEmpty ? nil : random.pick(constraints) else { return }
            let value = constraint.isLength ? random.pick(Self.lengths) : random.pick(Self.constants + [30, 80, -40])
            lines.append("set-constant \(constraint.id) \(Self.number(value))")
        case 6, 7:
            guard let constraint = constraints.isEmpty ? nil : random.pick(constraints) else { return }
            lines.append("deactivate \(constraint.id)")
        case 8, 9:
            guard let constraint = constraints.isEmpty ? nil : random.pick(constraints) else { return }
            lines.append("activate \(constraint.id)")
        case 10, 11:
            hideOrShow()
        case 12, 13:
            let plain = views.filter { !$0.isStack }
            guard !plain.isEmpty else { return }
            lines.append("intrinsic \(random.pick(plain).name) \(randomSize())")
        case 14:
            landscape.toggle()
            lines.append("rotate \(landscape ? "landscape" : "portrait")")
        case 15, 16, 17:
            competingConstraint()
        default:
            guard views.count < 10 else { return }
            let view = declareView(mayBeStack: false)
            place(view)
        }
    }

    private mutating func hideOrShow() {
        if !hidden.isEmpty, random.chance(0.5) {
            let name = random.pick(hidden.sorted())
            hidden.remove(name)
            lines.append("show \(name)")
            return
        }
        // Not the last visible view of a stack (its arrangement would be empty).
        let candidates = views.filter { view in
            guard !hidden.contains(view.name) else { return false }
            guard isArranged(view) else { return true }
            return arranged(in: view.parent).count { !hidden.contains($0.name) } > 1
        }
        guard !candidates.isEmpty else { return }
        let name = random.pick(candidates).name
        hidden.insert(name)
        lines.append("hide \(name)")
    }
}
