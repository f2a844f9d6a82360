import type { ManagedProductDetailDto } from '@mkt/contracts';
import { useLocation } from 'react-router-dom';
import { ProductDetailView } from './ProductDetailView';
import { ProductForm } from './ProductForm';
import { ProductListView } from './ProductListView';
import './console-products.css';

/** The console's navigation state (spec 001 §2): pno → detail, addProduct → register, modifyProduct → edit. */
export interface ProductsNavigationState {
  pno?: number;
  addProduct?: boolean;
  modifyProduct?: ManagedProductDetailDto;
}

/** Product management of the seller console (and the admin's): list, detail, registration and edit. */
export function ConsoleProductsScreen() {
  const { pathname, state } = useLocation();
  const role = pathname.startsWith('/admin') ? 'admin' : 'seller';
  const view = (state ?? {}) as ProductsNavigationState;
  if (view.modifyProduct) return <ProductForm listPath={pathname} product={view.modifyProduct} />;
  if (view.addProduct && role === 'seller') return <ProductForm listPath={pathname} />;
  if (typeof view.pno === 'number') return <ProductDetailView listPath={pathname} pno={view.pno} />;
  return <ProductListView role={role} listPath={pathname} />;
}
