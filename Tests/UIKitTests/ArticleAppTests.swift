import Foundation
import LifetraceUI
import Testing
import UIKit

/// The scroll view of ArticleApp.swift (written as for iOS): constraints to its content layout
/// guide make its content size, the frame layout guide its width; scrolling moves the bounds'
/// origin, not the paragraphs' frames.
@Suite("UIKit code: a scroll view sized by its content layout guide")
@MainActor
struct ArticleAppTests {
    @Test("the content size is the stack's, plus the guide's insets; the offset starts under the safe area")
    func contentSize() {
        TestApp.with { app in
            let article = ArticleViewController()
            app.launch(article)
            let scroll = article.scrollView
            #expect(abs(article.stack.frame.width - (scroll.bounds.width - 32)) < 1e-6)
            #expect(
                abs(scroll.contentSize.height - article.stack.frame.height) < 1e-6,
                "\(scroll.contentSize) against \(article.stack.frame)")
            #expect(abs(scroll.contentSize.width - scroll.bounds.width) < 1e-6)
            #expect(scroll.contentSize.height > scroll.bounds.height, "the article is longer than the screen")
            #expect(scroll.contentOffset.y == -scroll.adjustedContentInset.top)
            let before = article.stack.frame
            scroll.setContentOffset(CGPoint(x: 0, y: 500), animated: false)
            app.settle()
            #expect(article.stack.frame == before, "scrolling moves the bounds, not the content's frames")
            #expect(scroll.bounds.origin.y == 500)
        }
    }
}
