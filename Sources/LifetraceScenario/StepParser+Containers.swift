import LifetraceUI

/// The container steps (``ContainerStep``); every error points at the word at fault.
extension StepParser {
    /// The action of a container step, or `nil` when the keyword is not one of them.
    mutating func containerAction() throws(ScenarioError) -> Step.Action? {
        guard ContainerStep.keywords.contains(keyword.text) else { return nil }
        return .container(try containerStep())
    }

    private mutating func containerStep() throws(ScenarioError) -> ContainerStep {
        switch keyword.text {
        case "alert":
            let name = try firstName(usage: "alert NAME [ACTION[:cancel|:destructive]...] [style=alert|actionSheet]")
            var actions: [ContainerStep.AlertActionSpecification] = []
            for word in words.dropFirst() {
                let action = try alertAction(word)
                if action.style == .cancel, actions.contains(where: { $0.style == .cancel }) {
                    throw error("an alert has one cancel action at most (UIKit raises on a second)", at: word)
                }
                if actions.contains(where: { $0.title == action.title }) {
                    throw error("\(action.title) is already an action of \(name)", at: word)
                }
                actions.append(action)
            }
            let style =
                try choiceOption("style", [("alert", AlertController.Style.alert), ("actionSheet", .actionSheet)]) ?? .alert
            try noOtherOptions(expected: "style=…")
            return .declareAlert(name: name, actions: actions, style: style)
        case "select-action":
            let (alert, action) = try twoNames(usage: "select-action ALERT ACTION", second: "an action title")
            try noOptions()
            return .selectAction(alert: alert, action: action)
        case "action-enabled":
            let usage = "action-enabled ALERT ACTION on|off"
            let alert = try firstName(usage: usage)
            guard words.count >= 2 else {
                throw error("action-enabled needs an action title: expected \"\(usage)\"", at: keyword)
            }
            let action = try name(words[1])
            guard words.count >= 3 else { throw error("action-enabled needs \"on\" or \"off\"", at: keyword) }
            guard words[2].text == "on" || words[2].text == "off" else {
                throw error("expected \"on\" or \"off\", got \"\(words[2].text)\"", at: words[2])
            }
            try noWords(after: 3)
            try noOptions()
            return .actionEnabled(alert: alert, action: action, enabled: words[2].text == "on")
        case "page":
            let usage = "page NAME PAGE... [style=scroll|pageCurl]"
            let name = try firstName(usage: usage)
            guard words.count >= 2 else { throw error("page needs at least one page: expected \"\(usage)\"", at: keyword) }
            var pages: [String] = []
            for word in words.dropFirst() {
                let page = try self.name(word)
                if page == name {
                    throw error("\(name) cannot be its own page: the view controller hierarchy would be a cycle", at: word)
                }
                if pages.contains(page) { throw error("\(page) is already a page of \(name)", at: word) }
                pages.append(page)
            }
            let style =
                try choiceOption("style", [("scroll", PageViewController.TransitionStyle.scroll), ("pageCurl", .pageCurl)])
                ?? .scroll
            try noOtherOptions(expected: "style=…")
            return .declarePages(name: name, pages: pages, style: style)
        case "page-forward", "page-back":
            let name = try singleName(role: "a page view controller name")
            let animated = try boolOption("animated") ?? true
            try noOtherOptions(expected: "animated=…")
            return .turnPage(name: name, direction: keyword.text == "page-forward" ? .forward : .reverse, animated: animated)
        case "page-swipe":
            let usage = "page-swipe NAME forward|reverse finish|cancel"
            let name = try firstName(usage: usage)
            guard words.count >= 2 else {
                throw error("page-swipe needs \"forward\" or \"reverse\": expected \"\(usage)\"", at: keyword)
            }
            guard let direction = ["forward": PageViewController.NavigationDirection.forward, "reverse": .reverse][words[1].text]
            else {
                throw error("expected \"forward\" or \"reverse\", got \"\(words[1].text)\"", at: words[1])
            }
            guard words.count >= 3 else {
                throw error("page-swipe needs \"finish\" or \"cancel\": expected \"\(usage)\"", at: keyword)
            }
            guard words[2].text == "finish" || words[2].text == "cancel" else {
                throw error("expected \"finish\" or \"cancel\", got \"\(words[2].text)\"", at: words[2])
            }
            try noWords(after: 3)
            try noOptions()
            return .swipePage(name: name, direction: direction, finishes: words[2].text == "finish")
        case "split":
            return try splitDeclaration()
        case "split-show":
            let name = try firstName(usage: "split-show NAME primary|supplementary|secondary")
            let column = try columnWord(at: 1, allowing: [.primary, .supplementary, .secondary])
            try noWords(after: 2)
            try noOptions()
            return .showColumn(split: name, column: column)
        case "split-set":
            let usage = "split-set NAME primary|supplementary|secondary|compact CONTROLLER"
            let name = try firstName(usage: usage)
            let column = try columnWord(at: 1, allowing: SplitViewController.Column.allCases)
            guard words.count >= 3 else { throw error("split-set needs a controller name: expected \"\(usage)\"", at: keyword) }
            let controller = try self.name(words[2])
            if controller == name {
                throw error("\(name) cannot be its own column: the view controller hierarchy would be a cycle", at: words[2])
            }
            try noWords(after: 3)
            try noOptions()
            return .setColumn(split: name, column: column, controller: controller)
        case "split-top":
            let name = try firstName(usage: "split-top NAME primary|supplementary|secondary|compact|proposed")
            let column: SplitViewController.Column?
            if words.count >= 2, words[1].text == "proposed" {
                column = nil
            } else {
                column = try columnWord(at: 1, allowing: SplitViewController.Column.allCases, extra: ["proposed"])
            }
            try noWords(after: 2)
            try noOptions()
            return .collapseTop(split: name, column: column)
        case "search":
            let (name, controller) = try pair(joinedBy: "in", usage: "search NAME in CONTROLLER [results=RESULTS]")
            if name == controller { throw error("\(name) cannot search in itself", at: words[2]) }
            var results: String?
            if let option = try takeOption("results") {
                let value = String(option.text.dropFirst("results=".count))
                guard ScenarioLexer.isIdentifier(value) else {
                    throw error("expected results=NAME (an identifier), got \"\(option.text)\"", at: option)
                }
                guard value != name, value != controller else {
                    throw error(
                        "\(value) cannot show the results of \(name): it is \(value == name ? "the search controller" : "the searched controller")",
                        at: option)
                }
                results = value
            }
            try noOtherOptions(expected: "results=…")
            return .declareSearch(name: name, controller: controller, results: results)
        case "search-activate", "search-deactivate":
            let name = try singleName(role: "a search controller name")
            try noOptions()
            return .activateSearch(name: name, active: keyword.text == "search-activate")
        default:  // search-text
            let name = try firstName(usage: "search-text NAME [TEXT]")
            let text = words.count > 1 ? words[1].text : ""
            try noWords(after: 2)
            try noOptions()
            return .searchText(name: name, text: text)
        }
    }

    /// `split NAME primary=P secondary=S [supplementary=X] [compact=C] [style=…]`.
    private mutating func splitDeclaration() throws(ScenarioError) -> ContainerStep {
        let usage = "split NAME primary=P secondary=S [supplementary=X] [compact=C] [style=doubleColumn|tripleColumn|classic]"
        let name = try firstName(usage: usage)
        try noWords(after: 1)
        let style = try choiceOption("style", ContainerStep.SplitStyle.allCases.map { ($0.rawValue, $0) }) ?? .doubleColumn
        var columns: [SplitViewController.Column: String] = [:]
        var seen: [String: ScenarioLexer.Token] = [:]
        for column in [SplitViewController.Column.primary, .supplementary, .secondary, .compact] {
            guard let option = try takeOption(column.description) else { continue }
            let value = String(option.text.dropFirst(column.description.count + 1))
            guard ScenarioLexer.isIdentifier(value) else {
                throw error("expected \(column)=NAME (an identifier), got \"\(option.text)\"", at: option)
            }
            if value == name {
                throw error(
                    "\(name) cannot be its own \(column) column: the view controller hierarchy would be a cycle", at: option)
            }
            if seen[value] != nil {
                throw error("\(value) is in two columns of \(name); a controller has one parent", at: option)
            }
            if column == .supplementary, style != .tripleColumn {
                throw error("a supplementary column needs style=tripleColumn", at: option)
            }
            if column == .compact, style == .classic {
                throw error("a classic split view controller has no compact column", at: option)
            }
            seen[value] = option
            columns[column] = value
        }
        try noOtherOptions(expected: "primary=…, secondary=…, supplementary=…, compact=… or style=…")
        guard columns[.primary] != nil else { throw error("split needs primary=NAME: expected \"\(usage)\"", at: keyword) }
        guard columns[.secondary] != nil else { throw error("split needs secondary=NAME: expected \"\(usage)\"", at: keyword) }
        if style == .tripleColumn, columns[.supplementary] == nil {
            throw error("style=tripleColumn needs supplementary=NAME: expected \"\(usage)\"", at: keyword)
        }
        return .declareSplit(name: name, columns: columns, style: style)
    }

    /// An action word: `TITLE`, `TITLE:cancel`, `TITLE:destructive` or `TITLE:default`.
    private func alertAction(_ word: ScenarioLexer.Token) throws(ScenarioError) -> ContainerStep.AlertActionSpecification {
        let parts = word.text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        let title = String(parts[0])
        guard ScenarioLexer.isIdentifier(title) else {
            throw error(
                "expected an action title (an identifier, then :cancel or :destructive if not default), got \"\(word.text)\"",
                at: word)
        }
        guard parts.count == 2 else { return .init(title: title, style: .default) }
        switch parts[1] {
        case "default": return .init(title: title, style: .default)
        case "cancel": return .init(title: title, style: .cancel)
        case "destructive": return .init(title: title, style: .destructive)
        default:
            throw error(
                "expected an action style after \"\(title):\" (cancel, destructive or default), got \"\(parts[1])\"", at: word)
        }
    }

    /// The first two words, both names.
    private func twoNames(usage: String, second role: String) throws(ScenarioError) -> (String, String) {
        let first = try firstName(usage: usage)
        guard words.count >= 2 else { throw error("\(keyword.text) needs \(role): expected \"\(usage)\"", at: keyword) }
        let second = try name(words[1])
        try noWords(after: 2)
        return (first, second)
    }

    /// A column word at `index` among `allowed` (and `extra` words the caller handles).
    private func columnWord(
        at index: Int, allowing allowed: [SplitViewController.Column], extra: [String] = []
    ) throws(ScenarioError) -> SplitViewController.Column {
        let names = allowed.map(\.description) + extra
        let alternatives = names.map { "\"\($0)\"" }.joined(separator: ", ")
        guard words.count > index else { throw error("\(keyword.text) needs a column: \(alternatives)", at: keyword) }
        guard let column = allowed.first(where: { $0.description == words[index].text }) else {
            throw error("expected a column (\(alternatives)), got \"\(words[index].text)\"", at: words[index])
        }
        return column
    }

    /// The option `key=VALUE` with VALUE among `choices`, if given.
    mutating func choiceOption<Value>(_ key: String, _ choices: [(String, Value)]) throws(ScenarioError) -> Value? {
        guard let option = try takeOption(key) else { return nil }
        let value = String(option.text.dropFirst(key.count + 1))
        guard let choice = choices.first(where: { $0.0 == value }) else {
            let list = choices.map(\.0).joined(separator: "|")
            throw error("expected \(key)=\(list), got \"\(option.text)\"", at: option)
        }
        return choice.1
    }

    /// No options left but those taken: an unknown one names what the step takes.
    func noOtherOptions(expected: String) throws(ScenarioError) {
        guard let extra = optionTokens.first else { return }
        throw error("unknown option \"\(extra.text)\" for \(keyword.text); expected \(expected)", at: extra)
    }

    /// The option `key=true|false`, if given.
    private mutating func boolOption(_ key: String) throws(ScenarioError) -> Bool? {
        guard let option = try takeOption(key) else { return nil }
        switch option.text {
        case "\(key)=true": return true
        case "\(key)=false": return false
        default: throw error("expected \"\(key)=true\" or \"\(key)=false\", got \"\(option.text)\"", at: option)
        }
    }
}
