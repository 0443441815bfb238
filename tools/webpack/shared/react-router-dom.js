// What the browser bundles share as 'react-router-dom': only the names our code imports, so the shared chunk
// carries that part of react-router rather than all of it (a shared module is not tree-shaken by its users).
// tools/workspace-checks/src/shared-router.spec.ts fails when our code imports a name missing here.
export { BrowserRouter, Link, MemoryRouter, Navigate, NavLink, Route, Routes, StaticRouter, useLocation, useNavigate, useSearchParams } from 'react-router';
