import { STORE_NAME } from '../shared/constants';
import { useDocumentTitle } from '../shared/ui/useDocumentTitle';
import { HeroSlider } from './HeroSlider';
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
      <ProductRow
        id="best"
        title="베스트 상품"
        description="가장 많이 팔린 인기 상품만 모았어요"
        sortBy="p_salesVol"
        sort="desc"
      />
      <ProductRow
        id="new"
        title="신상품"
        description="새로 들어온 상품을 가장 먼저 만나보세요"
        sortBy="pno"
        sort="desc"
      />
      <ProductRow
        id="soon-sold-out"
        title="품절임박"
        description="곧 품절되는 상품, 서둘러 담아보세요"
        sortBy="p_stock"
        sort="asc"
        showStock
      />
    </div>
  );
}
