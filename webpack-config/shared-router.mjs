// The router every app shares: what `react-router-dom` is on the page (docs/design.md "Router"). The
// shell's build provides this module under the share key `react-router-dom` and the remotes consume it,
// so there is one copy of react-router on the page, tree-shaken in the shell's build to these exports
// (a shared library is otherwise provided whole; docs/benchmarks.md has the sizes).
//
// An app may import from 'react-router-dom' only what is listed here: shared-router.test.mjs reads
// every app's imports and fails on a name missing here (it would be undefined in the browser). Add
// the name here when an app needs more of the router.
export {
  BrowserRouter,
  Link,
  NavLink,
  Navigate,
  Route,
  Routes,
  StaticRouter,
  useLocation,
  useNavigate,
  useNavigationType,
  useParams,
  useSearchParams,
} from 'react-router';
