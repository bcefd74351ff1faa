extension ViewController {
    /// Performs the segue `identifier` of the controller's storyboard scene (UIKit's
    /// `performSegue(withIdentifier:sender:)`): its destination scene is instantiated, then the
    /// segue performs (``prepare(for:sender:)``, then the push or presentation). A controller
    /// without that segue reports UIKit's error and shows nothing.
    public func performSegue(withIdentifier identifier: String, sender: Any?) {
        guard let storyboard, let destinationName = storyboard.scenes[name]?.segues[identifier] else {
            runLoop.report(Diagnostic(.error, "Receiver (\(description)) has no segue with identifier '\(identifier)'"))
            return
        }
        guard let destination = storyboard.instantiateViewController(withIdentifier: destinationName) else { return }
        StoryboardSegue(identifier: identifier, source: self, destination: destination).perform(sender: sender)
    }
}
