// `import UIKit` on Linux: the Lifetrace runtime under UIKit's names.
//
// Every UIKit type here is the runtime's own type (a typealias), never a second implementation:
// a `UIViewController` subclass is a `ViewController` subclass, runs with the runtime's ordering
// and is traced by its hooks. This file is the one list of which UIKit name is which runtime type;
// docs/uikit-module.md lists what is modelled, what is kept but inert, and what is missing.

@_exported import Foundation
public import LifetraceUI

// MARK: The app and its scenes

public typealias UIApplication = Application
public typealias UIApplicationDelegate = ApplicationDelegate
public typealias UIResponder = Responder
public typealias UIScene = Scene
public typealias UIWindowScene = WindowScene
public typealias UISceneDelegate = SceneDelegate
public typealias UIWindowSceneDelegate = WindowSceneDelegate
public typealias UISceneSession = SceneSession
public typealias UISceneConfiguration = SceneConfiguration
public typealias UIOpenURLContext = OpenURLContext

// MARK: Controllers

public typealias UIViewController = ViewController
public typealias UINavigationController = NavigationController
public typealias UITabBarController = TabBarController
public typealias UINavigationControllerDelegate = NavigationControllerDelegate
public typealias UITabBarControllerDelegate = TabBarControllerDelegate
public typealias UIViewControllerTransitionCoordinator = TransitionCoordinator
public typealias UIViewControllerTransitionCoordinatorContext = TransitionCoordinatorContext
public typealias UIModalPresentationStyle = ModalPresentationStyle
public typealias UIModalTransitionStyle = ModalTransitionStyle
public typealias UIPresentationController = PresentationController
public typealias UIAdaptivePresentationControllerDelegate = AdaptivePresentationControllerDelegate
public typealias UIStoryboard = Storyboard
public typealias UIStoryboardSegue = StoryboardSegue
public typealias UINavigationItem = NavigationItem
public typealias UIBarButtonItem = BarButtonItem
public typealias UITabBarItem = TabBarItem
public typealias UINavigationBar = NavigationBar
public typealias UINavigationBarAppearance = NavigationBarAppearance
public typealias UIBarAppearance = BarAppearance
public typealias UITabBar = TabBar
public typealias UITabBarAppearance = TabBarAppearance

// MARK: Views and controls

public typealias UIView = View
public typealias UIWindow = Window
public typealias UIStackView = StackView
public typealias UILabel = Label
public typealias UIControl = Control
public typealias UIButton = Button
public typealias UIImageView = ImageView
public typealias UITextField = TextField
public typealias UITextView = TextView
public typealias UISwitch = Switch
public typealias UISlider = Slider
public typealias UISegmentedControl = SegmentedControl
public typealias UIActivityIndicatorView = ActivityIndicatorView
public typealias UIPageControl = PageControl
public typealias UIViewPropertyAnimator = ViewPropertyAnimator
public typealias UIKeyboardType = KeyboardType
public typealias UIReturnKeyType = ReturnKeyType
public typealias UITextAutocorrectionType = TextAutocorrectionType
public typealias UITextAutocapitalizationType = TextAutocapitalizationType
public typealias UITextSpellCheckingType = TextSpellCheckingType
public typealias UITextContentType = TextContentType
public typealias UITextFieldDelegate = TextFieldDelegate
public typealias UIAction = Action
public typealias CALayer = Layer
public typealias NSTextAlignment = Label.TextAlignment
public typealias NSLineBreakMode = Label.LineBreakMode

// MARK: Lists

public typealias UIScrollView = ScrollView
public typealias UIScrollViewDelegate = ScrollViewDelegate
public typealias UIRefreshControl = RefreshControl
public typealias UITableView = TableView
public typealias UITableViewCell = TableViewCell
public typealias UITableViewController = TableViewController
public typealias UITableViewDataSource = TableViewDataSource
public typealias UITableViewDelegate = TableViewDelegate
public typealias UITableViewDataSourcePrefetching = TableViewDataSourcePrefetching
public typealias UIContentConfiguration = ContentConfiguration
public typealias UIListContentConfiguration = ListContentConfiguration
public typealias UITableViewDiffableDataSource = TableViewDiffableDataSource
public typealias UICollectionView = CollectionView
public typealias UICollectionReusableView = CollectionReusableView
public typealias UICollectionViewCell = CollectionViewCell
public typealias UICollectionViewListCell = CollectionViewListCell
public typealias UICollectionViewLayout = CollectionViewLayout
public typealias UICollectionViewLayoutAttributes = CollectionViewLayoutAttributes
public typealias UICollectionViewFlowLayout = CollectionViewFlowLayout
public typealias UICollectionViewCompositionalLayout = CollectionViewCompositionalLayout
public typealias UICollectionLayoutListConfiguration = CollectionLayoutListConfiguration
public typealias UICollectionViewDataSource = CollectionViewDataSource
public typealias UICollectionViewDelegate = CollectionViewDelegate
public typealias UICollectionViewDelegateFlowLayout = CollectionViewDelegateFlowLayout
public typealias UICollectionViewDataSourcePrefetching = CollectionViewDataSourcePrefetching
public typealias UICollectionViewDiffableDataSource = CollectionViewDiffableDataSource
public typealias NSDiffableDataSourceSnapshot = DiffableDataSourceSnapshot

// MARK: Layout

public typealias NSLayoutConstraint = LayoutConstraint
public typealias NSLayoutAnchor = LayoutAnchor
public typealias NSLayoutXAxisAnchor = LayoutXAxisAnchor
public typealias NSLayoutYAxisAnchor = LayoutYAxisAnchor
public typealias NSLayoutDimension = LayoutDimension
public typealias UILayoutGuide = LayoutGuide
public typealias UILayoutPriority = LayoutPriority
public typealias UIEdgeInsets = EdgeInsets
public typealias NSDirectionalEdgeInsets = DirectionalEdgeInsets
public typealias CGAffineTransform = LifetraceUI.CGAffineTransform

// MARK: Values

public typealias UIColor = Color
public typealias CGColor = Color
public typealias UIFont = Font
public typealias UIImage = Image
public typealias UITraitCollection = TraitCollection
public typealias UIUserInterfaceSizeClass = TraitCollection.SizeClass
public typealias UIUserInterfaceStyle = TraitCollection.Style
