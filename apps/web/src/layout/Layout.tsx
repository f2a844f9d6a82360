import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { Footer } from './Footer';
import { Header } from './Header';
import { NavigationProgress } from './NavigationProgress';
import { ScrollToTopButton } from './ScrollToTopButton';
import { SideBar } from './SideBar';
import './layout.css';

/** Every route change starts at the top of the page. */
function useScrollToTopOnNavigate(): void {
  const { pathname, search } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname, search]);
}

export function Layout() {
  useScrollToTopOnNavigate();
  return (
    <div className="site">
      <NavigationProgress />
      <a href="#main" className="skip-link">
        본문 바로가기
      </a>
      <Header />
      <main id="main" className="site-main" tabIndex={-1}>
        <Outlet />
      </main>
      <SideBar />
      <Footer />
      <ScrollToTopButton />
    </div>
  );
}
