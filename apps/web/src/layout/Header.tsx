import { Link } from 'react-router-dom';
import { STICKY_HEADER_OFFSET_PX, STORE_NAME } from '../shared/constants';
import { paths } from '../shared/routing/paths';
import { useScrolledPast } from '../shared/ui/useScrolledPast';
import { CategoryMenu } from './CategoryMenu';
import { HeaderActions } from './HeaderActions';
import { DawnDeliveryButton, MainMenu } from './MainMenu';
import { SearchBox } from './SearchBox';
import { UserLinks } from './UserLinks';

export function Logo() {
  return (
    <Link to={paths.home} className="logo" aria-label={`${STORE_NAME} 홈`}>
      <span className="logo__mark" aria-hidden="true" data-glyph="딜" />
      <span className="logo__text" aria-hidden="true">
        {STORE_NAME}
      </span>
    </Link>
  );
}

/** Site header. Once the page scrolls past 94 px the menu bar sticks to the top of the window. */
export function Header() {
  const sticky = useScrolledPast(STICKY_HEADER_OFFSET_PX);
  return (
    <header className="site-header">
      <div className="container header-top">
        <UserLinks />
      </div>
      <div className="container header-main">
        <Logo />
        <SearchBox />
        <HeaderActions />
      </div>
      <div className="header-nav-slot">
        <div className={`header-nav${sticky ? ' is-sticky' : ''}`} data-sticky={sticky ? 'true' : 'false'}>
          <div className="container header-nav__inner">
            <CategoryMenu />
            <MainMenu />
            <DawnDeliveryButton />
          </div>
        </div>
      </div>
    </header>
  );
}
