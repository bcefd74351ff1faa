import Lifetrace
import LifetraceUI

/// The storyboard steps: scenes declared in storyboards, instantiated by a step or where another
/// step first names them. Misuse is an error at the word at fault.
extension ScenarioRunner {
    func perform(_ step: StoryboardStep) throws {
        switch step {
        case .declareScene(let name, let storyboardName, let kind, let initial):
            try checkSceneDeclaration(name, in: storyboardName, kind: kind, initial: initial)
            let storyboard = storyboards[storyboardName] ?? Storyboard(name: storyboardName, runLoop: runLoop)
            storyboards[storyboardName] = storyboard
            declareScene(name, in: storyboard, kind: kind)
            implicitScenes.remove(name)
            for related in kind.relationships where sceneStoryboards[related] == nil {
                declareScene(related, in: storyboard, kind: .plain)
                implicitScenes.insert(related)
            }
            if initial { storyboard.initialIdentifier = name }
        case .instantiate(let storyboardName, let sceneName):
            guard let storyboard = storyboards[storyboardName] else {
                throw StepFailure(
                    "there is no storyboard \(storyboardName) (declare its scenes with \"scene NAME in \(storyboardName)\")",
                    atArgument: 1)
            }
            guard let identifier = sceneName ?? storyboard.initialIdentifier else {
                throw StepFailure(
                    "storyboard \(storyboardName) has no initial scene (declare one with initial=true, or name the scene)",
                    atArgument: 1)
            }
            guard sceneStoryboards[identifier] == storyboardName else {
                try refusable(at: 2) { _ = storyboard.instantiateViewController(withIdentifier: identifier) }
                return
            }
            if let clash = clashingScene(identifier, in: storyboard) {
                throw StepFailure(alreadyMade(clash, instantiating: identifier), atArgument: sceneName == nil ? 1 : 2)
            }
            try refusable(at: sceneName == nil ? 1 : 2) { _ = instantiateScene(identifier, in: storyboardName) }
        }
    }

    /// Instantiates the scene `name` of the storyboard `storyboardName` by identifier and remembers
    /// every controller made (the scene's and its relationships'). When one of them is made
    /// already, or the storyboard refuses, an error is reported (the step fails) and a controller
    /// the scenario does not keep stands in.
    func instantiateScene(_ name: String, in storyboardName: String) -> ViewController {
        let storyboard = storyboards[storyboardName]!
        if let clash = clashingScene(name, in: storyboard) {
            runLoop.report(Diagnostic(.error, alreadyMade(clash, instantiating: name)))
            return ViewController(name: name)
        }
        guard let controller = storyboard.instantiateViewController(withIdentifier: name) else {
            return ViewController(name: name)
        }
        var pending = [controller]
        while let made = pending.popLast() {
            guard existingController(named: made.name) == nil else { continue }
            remember(made)
            pending.append(contentsOf: made.children.reversed())
        }
        return controller
    }

    /// A scene that instantiating `name` would make (itself or through relationships, transitively)
    /// whose name is taken already.
    private func clashingScene(_ name: String, in storyboard: Storyboard) -> String? {
        var seen: Set<String> = []
        var pending = [name]
        while let scene = pending.popLast() {
            guard seen.insert(scene).inserted else { continue }
            if existingController(named: scene) != nil || releasedNames.contains(scene) { return scene }
            pending.append(contentsOf: storyboard.scenes[scene]?.relationships ?? [])
        }
        return nil
    }

    private func alreadyMade(_ clash: String, instantiating name: String) -> String {
        let how = clash == name ? "" : " (instantiating \(name) would make it again through a relationship segue)"
        return
            "\(clash) is already instantiated\(how); a storyboard makes a new controller each time, and scenario names are unique"
    }

    /// Adds the scene to its storyboard; its nib tells the runner about the views it unarchives.
    private func declareScene(_ name: String, in storyboard: Storyboard, kind: StoryboardStep.SceneKind) {
        let scene: StoryboardScene
        switch kind {
        case .plain:
            scene = storyboard.addScene(identifier: name) { ScenarioViewController(coder: $0) }
        case .navigation(let root):
            scene = storyboard.addScene(identifier: name, relationships: [root]) { NavigationController(coder: $0) }
        case .tabs(let tabs):
            scene = storyboard.addScene(identifier: name, relationships: tabs) { TabBarController(coder: $0) }
        }
        scene.viewNib.didConnect = { [weak self] identifier, view in
            self?.layoutViews[identifier] = view
            self?.itemsDidArrive([identifier, name])
        }
        sceneStoryboards[name] = storyboard.name
    }

    /// `scene NAME in STORYBOARD …`: a new name, relationships to other new scenes of the same
    /// storyboard, one initial scene per storyboard.
    private func checkSceneDeclaration(
        _ name: String, in storyboardName: String, kind: StoryboardStep.SceneKind, initial: Bool
    ) throws {
        if let other = sceneStoryboards[name] {
            // A scene that a relationship segue named before it was declared is declared now, in its storyboard.
            guard implicitScenes.contains(name), other == storyboardName, existingController(named: name) == nil else {
                throw StepFailure("\(name) is already a scene of storyboard \(other)", atArgument: 1)
            }
        } else if let existing = existingController(named: name) {
            throw StepFailure(
                "\(name) is already a controller made in code (\(existing.description)); a scene needs a name of its own",
                atArgument: 1)
        } else if declaredViewNames.contains(name) || releasedNames.contains(name) {
            throw StepFailure("\(name) is already declared", atArgument: 1)
        }
        var seen: Set<String> = []
        for (index, related) in kind.relationships.enumerated() {
            let argument = index + 5
            if related == name {
                throw StepFailure("\(name) cannot contain itself: the relationship segue would be a cycle", atArgument: argument)
            }
            guard seen.insert(related).inserted else {
                throw StepFailure("A tab bar controller cannot show \(related) in two tabs.", atArgument: argument)
            }
            if let other = sceneStoryboards[related], other != storyboardName {
                throw StepFailure(
                    "\(related) is a scene of storyboard \(other); a relationship segue stays in its storyboard",
                    atArgument: argument)
            }
            if sceneStoryboards[related] == nil, existingController(named: related) != nil || declaredViewNames.contains(related)
            {
                throw StepFailure(
                    "\(related) is not a scene: it is already declared outside the storyboard", atArgument: argument)
            }
        }
        if initial, let current = storyboards[storyboardName]?.initialIdentifier, current != name {
            throw StepFailure("storyboard \(storyboardName)'s initial scene is already \(current)", at: "initial=true")
        }
    }
}
