import { STORE_NAME } from '../shared/constants';
import { useDocumentTitle } from '../shared/ui/useDocumentTitle';
import { HeroSlider } from './HeroSlider';
import { HOME_ROWS } from './homeQueries';
import { ProductRow } from './ProductRow';
import { RandomCategories } from './RandomCategories';
import './home.css';

export function HomePage() {
  useDocumentTitle();
  return (
    <div className="home">
      <h1 className="sr-only">{STORE_NAME} 홈</h1>
      <HeroSlider />
      <RandomCategories />
      {HOME_ROWS.map((row) => (
        <ProductRow key={row.id} row={row} />
      ))}
    </div>
  );
}
