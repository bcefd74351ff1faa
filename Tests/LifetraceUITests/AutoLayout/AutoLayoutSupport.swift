import Foundation
import Lifetrace
import LifetraceUI

/// A controller whose `viewDidLoad` builds its view's content with constraints, as apps do.
@MainActor
final class ConstrainedViewController: ViewController {
    /// Called at the end of `viewDidLoad` with the root view.
    let build: (View) -> Void
    /// Called in `updateViewConstraints` (before `super`).
    var onUpdateViewConstraints: (() -> Void)?

    init(_ name: String, build: @escaping (View) -> Void) {
        self.build = build
        ViewController.nameNext(Self.self, name)
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { nil }

    override func viewDidLoad() {
        super.viewDidLoad()
        build(view)
    }

    override func updateViewConstraints() {
        onUpdateViewConstraints?()
        super.updateViewConstraints()
    }
}

/// A view with an intrinsic content size, as a label has.
@MainActor
final class Label: View {
    var content: Size? { didSet { invalidateIntrinsicContentSize() } }

    init(_ name: String, content: Size? = nil) {
        self.content = content
        super.init(frame: .zero)
        identifier = name
        translatesAutoresizingMaskIntoConstraints = false
    }

    required init?(coder: NSCoder) { nil }

    override var intrinsicContentSize: Size { content ?? Size(width: noIntrinsicMetric, height: noIntrinsicMetric) }
}

/// A view that notes its `updateConstraints` and `layoutSubviews` calls in a shared log.
@MainActor
final class LoggingView: View {
    let log: Log

    final class Log {
        var lines: [String] = []
    }

    init(_ name: String, log: Log) {
        self.log = log
        super.init(frame: .zero)
        identifier = name
        translatesAutoresizingMaskIntoConstraints = false
    }

    required init?(coder: NSCoder) { nil }

    override func updateConstraints() {
        log.lines.append("\(instrumentationName) updateConstraints")
        super.updateConstraints()
    }

    override func layoutSubviews() {
        log.lines.append("\(instrumentationName) layoutSubviews")
        super.layoutSubviews()
    }
}

extension View {
    /// Pins the view's four edges to `other`'s, inset by `inset`.
    func pinEdges(to other: View, inset: Double = 0) -> [LayoutConstraint] {
        [
            leadingAnchor.constraint(equalTo: other.leadingAnchor, constant: inset),
            trailingAnchor.constraint(equalTo: other.trailingAnchor, constant: -inset),
            topAnchor.constraint(equalTo: other.topAnchor, constant: inset),
            bottomAnchor.constraint(equalTo: other.bottomAnchor, constant: -inset),
        ]
    }
}
