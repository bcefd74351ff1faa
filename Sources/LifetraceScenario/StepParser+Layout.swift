import LifetraceUI

/// The Auto Layout steps (``LayoutStep``): parsed here, every error at the word at fault.
extension StepParser {
    /// The relations a constraint step may use (words, not options, though they hold `=`).
    static let relations: Set<String> = ["==", "<=", ">="]

    /// The action of a layout step, or `nil` when the keyword is not one.
    mutating func layoutAction() throws(ScenarioError) -> Step.Action? {
        switch keyword.text {
        case "view":
            let (name, parent) = try pair(joinedBy: "in", usage: "view NAME in PARENT [intrinsic=WxH] [frame=X,Y,WxH]")
            try checkNotInItself(name, parent)
            let given = try layoutOptions(allowing: ["intrinsic", "frame"])
            var intrinsic: Size?
            if let option = given["intrinsic"] {
                guard let size = Self.size(value(of: option)) else {
                    throw error("expected intrinsic=WxH such as intrinsic=120x20, got \"\(option.text)\"", at: option)
                }
                intrinsic = Size(width: size.width, height: size.height)
            }
            var frame: Rect?
            if let option = given["frame"] {
                guard let rect = Self.rect(value(of: option)) else {
                    throw error("expected frame=X,Y,WxH such as frame=0,0,100x40, got \"\(option.text)\"", at: option)
                }
                frame = rect
            }
            return .layout(.declareView(name: name, parent: parent, intrinsicSize: intrinsic, frame: frame))
        case "stack":
            let usage = "stack NAME in PARENT [axis=horizontal|vertical] [spacing=N] [alignment=…] [distribution=…]"
            let (name, parent) = try pair(joinedBy: "in", usage: usage)
            try checkNotInItself(name, parent)
            let given = try layoutOptions(allowing: ["axis", "spacing", "alignment", "distribution"])
            let axis: LayoutAxis = try choice(given["axis"], ["horizontal": .horizontal, "vertical": .vertical]) ?? .horizontal
            let alignment: StackView.Alignment =
                try choice(given["alignment"], ["fill": .fill, "leading": .leading, "center": .center, "trailing": .trailing])
                ?? .fill
            let distribution: StackView.Distribution =
                try choice(
                    given["distribution"], ["fill": .fill, "fillEqually": .fillEqually, "equalSpacing": .equalSpacing])
                ?? .fill
            var spacing = 0.0
            if let option = given["spacing"] {
                guard let number = Self.number(value(of: option)), number >= 0 else {
                    throw error("expected spacing=N, a number of points ≥ 0, got \"\(option.text)\"", at: option)
                }
                spacing = number
            }
            return .layout(
                .declareStack(
                    name: name, parent: parent, axis: axis, spacing: spacing, alignment: alignment,
                    distribution: distribution))
        case "constrain":
            return .layout(.constrain(try constraintSpecification()))
        case "set-constant":
            let usage = "set-constant ID CONSTANT"
            guard words.count >= 2 else {
                throw error("set-constant needs a constraint and a constant: expected \"\(usage)\"", at: keyword)
            }
            try noWords(after: 2)
            let id = try name(words[0])
            guard let constant = Self.number(words[1].text) else {
                throw error("expected a constant (a number such as 8 or -4.5), got \"\(words[1].text)\"", at: words[1])
            }
            _ = try layoutOptions(allowing: [])
            return .layout(.setConstant(id: id, constant: constant))
        case "activate", "deactivate":
            let id = try singleName(role: "a constraint name")
            _ = try layoutOptions(allowing: [])
            return .layout(.setActive(id: id, active: keyword.text == "activate"))
        case "hide", "show":
            let name = try singleName(role: "a view name")
            _ = try layoutOptions(allowing: [])
            return .layout(.setHidden(name: name, hidden: keyword.text == "hide"))
        case "intrinsic":
            guard words.count >= 2 else {
                throw error("intrinsic needs a view and a size: expected \"intrinsic NAME WxH\"", at: keyword)
            }
            try noWords(after: 2)
            let view = try name(words[0])
            guard let size = Self.size(words[1].text) else {
                throw error("expected WxH such as 120x20, got \"\(words[1].text)\"", at: words[1])
            }
            _ = try layoutOptions(allowing: [])
            return .layout(.setIntrinsicSize(name: view, size: Size(width: size.width, height: size.height)))
        case "check-ambiguity":
            let choice = try oneOf(["on", "off"])
            _ = try layoutOptions(allowing: [])
            return .layout(.checkAmbiguity(choice == "on"))
        default:
            return nil
        }
    }

    // MARK: Constraints

    /// `constrain ID FIRST REL SECOND [* M] [+ C | - C] [priority=P]`.
    private func constraintSpecification() throws(ScenarioError) -> ConstraintSpecification {
        let usage = "constrain ID ITEM.ATTRIBUTE ==|<=|>= ITEM.ATTRIBUTE|NUMBER [* MULTIPLIER] [+|- CONSTANT] [priority=P]"
        guard words.count >= 4 else {
            throw error("constrain needs a name, two sides and a relation: expected \"\(usage)\"", at: words.last ?? keyword)
        }
        let id = try name(words[0])
        let first = try anchor(words[1])
        guard let relation = Self.relation(words[2].text) else {
            throw error("expected a relation ==, <= or >=, got \"\(words[2].text)\"", at: words[2])
        }
        var second: ConstraintSpecification.Anchor?
        var multiplier = 1.0
        var constant = 0.0
        if let number = Self.number(words[3].text) {
            guard first.attribute.isDimension else {
                throw error("only a width or a height can equal a number; \(first) needs another item's attribute", at: words[3])
            }
            constant = number
            multiplier = 0
            try noWords(after: 4)
        } else {
            let anchor = try self.anchor(words[3])
            guard first.attribute.isDimension == anchor.attribute.isDimension,
                first.attribute.isDimension || first.attribute.isHorizontal == anchor.attribute.isHorizontal
            else {
                throw error(
                    "\(first) cannot be related to \(anchor): expected an attribute of the same axis and kind", at: words[3])
            }
            second = anchor
            var index = 4
            while index < words.count {
                let operation = words[index]
                guard index + 1 < words.count else {
                    throw error("\"\(operation.text)\" needs a number after it", at: operation)
                }
                guard let number = Self.number(words[index + 1].text) else {
                    throw error(
                        "expected a number after \"\(operation.text)\", got \"\(words[index + 1].text)\"", at: words[index + 1])
                }
                switch operation.text {
                case "*" where index == 4: multiplier = number
                case "+": constant += number
                case "-": constant -= number
                default:
                    throw error(
                        "expected \"* MULTIPLIER\" (first) or \"+ CONSTANT\" or \"- CONSTANT\", got \"\(operation.text)\"",
                        at: operation)
                }
                guard constant.isFinite else {
                    throw error(
                        "the constants add up past the largest number (\(constant)): expected a finite constant",
                        at: words[index + 1])
                }
                index += 2
            }
        }
        var priority: Float = 1000
        if let option = try layoutOptions(allowing: ["priority"])["priority"] {
            guard let number = Float(value(of: option)), number >= 1, number <= 1000 else {
                throw error("expected priority=P with P from 1 to 1000, got \"\(option.text)\"", at: option)
            }
            priority = number
        }
        return ConstraintSpecification(
            id: id, first: first, relation: relation, second: second, multiplier: multiplier, constant: constant,
            priority: priority)
    }

    /// `view V in V`: a view cannot contain itself (it would wait for itself for ever).
    private func checkNotInItself(_ name: String, _ parent: String) throws(ScenarioError) {
        guard name != parent else {
            throw error("\(name) cannot be declared in itself: expected another view or a controller", at: words[2])
        }
    }

    /// `Item.attribute`, `Item.safeArea.attribute` or `Item.margins.attribute`.
    private func anchor(_ word: ScenarioLexer.Token) throws(ScenarioError) -> ConstraintSpecification.Anchor {
        let parts = word.text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        let attributes: [String: LayoutAttribute] = [
            "leading": .leading, "trailing": .trailing, "left": .left, "right": .right, "top": .top, "bottom": .bottom,
            "width": .width, "height": .height, "centerX": .centerX, "centerY": .centerY,
        ]
        guard parts.count == 2 || parts.count == 3, ScenarioLexer.isIdentifier(parts[0]) else {
            throw error("expected ITEM.ATTRIBUTE such as Title.leading or First.safeArea.top, got \"\(word.text)\"", at: word)
        }
        var guide: ConstraintSpecification.Anchor.Guide?
        if parts.count == 3 {
            guard let named = ConstraintSpecification.Anchor.Guide(rawValue: parts[1]) else {
                throw error("expected the guide safeArea or margins, got \"\(parts[1])\" in \"\(word.text)\"", at: word)
            }
            guide = named
        }
        guard let attribute = attributes[parts[parts.count - 1]] else {
            let names = attributes.keys.sorted().joined(separator: ", ")
            throw error(
                "unknown attribute \"\(parts[parts.count - 1])\" in \"\(word.text)\"; expected one of: \(names)", at: word)
        }
        return ConstraintSpecification.Anchor(item: parts[0], guide: guide, attribute: attribute)
    }

    private static func relation(_ text: String) -> LayoutRelation? {
        switch text {
        case "==": .equal
        case "<=": .lessThanOrEqual
        case ">=": .greaterThanOrEqual
        default: nil
        }
    }

    // MARK: Values

    /// A finite decimal number, with an optional sign, without exponent.
    static func number(_ text: String) -> Double? {
        var digits = Substring(text)
        if digits.first == "-" || digits.first == "+" { digits = digits.dropFirst() }
        guard !digits.isEmpty, digits.allSatisfy({ ("0"..."9").contains($0) || $0 == "." }),
            digits.filter({ $0 == "." }).count <= 1, let value = Double(text), value.isFinite
        else { return nil }
        return value
    }

    /// `X,Y,WxH` such as `0,0,100x40`.
    static func rect(_ text: String) -> Rect? {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 3, let x = number(String(parts[0])), let y = number(String(parts[1])),
            let size = size(String(parts[2]))
        else { return nil }
        return Rect(x: x, y: y, width: size.width, height: size.height)
    }

    // MARK: Options

    /// The layout options given (`key=value`), allowing only `keys`, each at most once.
    private func layoutOptions(allowing keys: [String]) throws(ScenarioError) -> [String: ScenarioLexer.Token] {
        var given: [String: ScenarioLexer.Token] = [:]
        for option in optionTokens {
            let key = String(option.text.prefix { $0 != "=" })
            guard keys.contains(key) else {
                if keys.isEmpty {
                    throw error("unexpected \"\(option.text)\": \(keyword.text) takes no options", at: option)
                }
                let expected = keys.map { "\($0)=…" }.joined(separator: " or ")
                throw error("unknown option \"\(option.text)\" for \(keyword.text); expected \(expected)", at: option)
            }
            guard given[key] == nil else {
                throw error("duplicate option \"\(option.text)\": \(key) is already given", at: option)
            }
            given[key] = option
        }
        return given
    }

    private func value(of option: ScenarioLexer.Token) -> String {
        String(option.text.drop { $0 != "=" }.dropFirst())
    }

    /// The value of a one-of option, or `nil` when it was not given.
    private func choice<Value>(_ option: ScenarioLexer.Token?, _ values: [String: Value]) throws(ScenarioError) -> Value? {
        guard let option else { return nil }
        let key = String(option.text.prefix { $0 != "=" })
        guard let value = values[value(of: option)] else {
            let names = values.keys.sorted().map { "\(key)=\($0)" }.joined(separator: ", ")
            throw error("expected one of \(names), got \"\(option.text)\"", at: option)
        }
        return value
    }
}
