import LifetraceUI
import Observation

/// One observable property of a scenario's models (`set MODEL.PROPERTY VALUE`): its own object,
/// so a change invalidates only the methods that read this property.
@Observable
@MainActor
final class ObservedProperty {
    var value = ""
}

extension ScenarioRunner {
    /// Performs an update step (``UpdateStep``).
    func perform(_ step: UpdateStep) throws {
        switch step {
        case .read(let name, let property, let method):
            guard let controller = controller(named: name) as? ScenarioViewController else {
                throw StepFailure("\(name) is not a scenario controller: only those can read a model", at: name)
            }
            controller.reads[method, default: []].append(observed(property))
        case .set(let property, let value):
            observed(property).value = value
        case .updateProperties(let name):
            guard let controller = existingController(named: name) else { throw StepFailure("\(name) is not declared", at: name) }
            controller.setNeedsUpdateProperties()
        }
    }

    /// The observable property of a `MODEL.PROPERTY` name, made on first use.
    private func observed(_ name: String) -> ObservedProperty {
        if let made = observedProperties[name] { return made }
        let made = ObservedProperty()
        observedProperties[name] = made
        return made
    }
}
