import Foundation

/// A view that sends actions for events (UIKit's `UIControl`): a tap sends `touchUpInside` and
/// `primaryActionTriggered`, a value change `valueChanged`. The runtime has no touches: a test or
/// a scenario sends events with ``sendActions(for:)`` (or a control's own driver, such as
/// ``Button/tap()``), and the actions added with ``addAction(_:for:)`` run at once, in the order
/// they were added, as UIKit runs them.
@MainActor
open class Control: View {
    /// The events a control sends (UIKit's `UIControl.Event`).
    public struct Event: OptionSet, Sendable, Hashable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let touchDown = Event(rawValue: 1 << 0)
        public static let touchDownRepeat = Event(rawValue: 1 << 1)
        public static let touchDragInside = Event(rawValue: 1 << 2)
        public static let touchDragOutside = Event(rawValue: 1 << 3)
        public static let touchDragEnter = Event(rawValue: 1 << 4)
        public static let touchDragExit = Event(rawValue: 1 << 5)
        public static let touchUpInside = Event(rawValue: 1 << 6)
        public static let touchUpOutside = Event(rawValue: 1 << 7)
        public static let touchCancel = Event(rawValue: 1 << 8)
        public static let valueChanged = Event(rawValue: 1 << 12)
        public static let primaryActionTriggered = Event(rawValue: 1 << 13)
        public static let menuActionTriggered = Event(rawValue: 1 << 14)
        public static let editingDidBegin = Event(rawValue: 1 << 16)
        public static let editingChanged = Event(rawValue: 1 << 17)
        public static let editingDidEnd = Event(rawValue: 1 << 18)
        public static let editingDidEndOnExit = Event(rawValue: 1 << 19)
        public static let allTouchEvents = Event(rawValue: 0x0000_0FFF)
        public static let allEditingEvents = Event(rawValue: 0x000F_0000)
        public static let allEvents = Event(rawValue: 0xFFFF_FFFF)
    }

    /// A control's state (UIKit's `UIControl.State`), for state-dependent titles and images.
    public struct State: OptionSet, Sendable, Hashable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let normal = State([])
        public static let highlighted = State(rawValue: 1 << 0)
        public static let disabled = State(rawValue: 1 << 1)
        public static let selected = State(rawValue: 1 << 2)
        public static let focused = State(rawValue: 1 << 3)
    }

    /// Whether the control takes events: a disabled control sends nothing.
    public var isEnabled = true
    /// Whether the control is selected.
    public var isSelected = false
    /// Whether the control is highlighted (a touch is down on it).
    public var isHighlighted = false

    /// The control's state, from its flags.
    public var state: State {
        var state: State = []
        if !isEnabled { state.insert(.disabled) }
        if isSelected { state.insert(.selected) }
        if isHighlighted { state.insert(.highlighted) }
        return state
    }

    private var actions: [(action: Action, events: Event)] = []

    /// Adds `action` for `events`; an action with the same identifier is replaced.
    public func addAction(_ action: Action, for events: Event) {
        actions.removeAll { $0.action.identifier == action.identifier }
        actions.append((action, events))
    }

    /// Removes `action` for `events` (the action stays for its other events).
    public func removeAction(_ action: Action, for events: Event) {
        removeAction(identifiedBy: action.identifier, for: events)
    }

    /// Removes the action of that identifier for `events`.
    public func removeAction(identifiedBy identifier: Action.Identifier, for events: Event) {
        for index in actions.indices.reversed() where actions[index].action.identifier == identifier {
            actions[index].events.subtract(events)
            if actions[index].events.isEmpty { actions.remove(at: index) }
        }
    }

    /// Sends `events`: runs every action added for any of them, in the order added. A disabled
    /// control sends nothing.
    public func sendActions(for events: Event) {
        guard isEnabled else { return }
        for (action, registered) in actions where !registered.isDisjoint(with: events) {
            action.perform(sender: self)
        }
    }

    /// Runs `action` as if the control sent it.
    public func sendAction(_ action: Action) {
        action.perform(sender: self)
    }
}
