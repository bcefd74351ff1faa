import LifetraceUI

/// The steps of trait changes and of sheets swiped down (see ``StepParser`` for their words).
extension ScenarioRunner {
    func performAdaptivityStep(_ action: Step.Action) throws {
        switch action {
        case .appearance(let dark):
            window.userInterfaceStyle = dark ? .dark : .light
        case .registerTraits(let name, let traits):
            // The runtime records the handler as a `traitChangeHandler` interval.
            controller(named: name).registerForTraitChanges(traits) { _, _ in }
        case .swipeDismiss(let finishes):
            let sheet = try frontMost("swipe-dismiss")
            guard sheet.presentingViewController != nil else {
                throw StepFailure("nothing is presented; present a sheet first (present NAME style=pageSheet)")
            }
            guard sheet.modalPresentationStyle.isSheet else {
                throw StepFailure(
                    "\(sheet.name) is presented \(sheet.modalPresentationStyle.rawValue); only a pageSheet or formSheet can be swiped down"
                )
            }
            guard !sheet.isBeingPresented, !sheet.isBeingDismissed else {
                throw StepFailure(
                    "\(sheet.name) is still being presented or dismissed; a sheet is swiped down once it has settled")
            }
            sheet.presentationController.delegate = sheetDelegate
            // Refused (modal, or the delegate said no): the delegate heard about the attempt, nothing moves.
            guard let swipe = sheet.presentationController.beginInteractiveDismissal() else { return }
            runLoop.run(for: Self.swipeDuration)
            if finishes { swipe.finish() } else { swipe.cancel() }
        case .modalInPresentation(let name, let on):
            controller(named: name).isModalInPresentation = on
        case .shouldDismiss(let name, let allows):
            if allows { sheetDelegate.refused.remove(name) } else { sheetDelegate.refused.insert(name) }
        default:
            break
        }
    }

    /// How long the finger drags before the swipe finishes or is abandoned, in seconds.
    static let swipeDuration = 0.25
}
