import {
  checkProductForm,
  MAX_PRODUCT_IMAGE_BYTES,
  MAX_PRODUCT_IMAGES,
  PRODUCT_CONTENT_MAX,
  PRODUCT_IMAGE_TYPES,
  PRODUCT_NAME_MAX,
  ProductMessages,
  type ManagedProductDetailDto,
} from '@mkt/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { subCategoriesQuery } from '../../shared/api/categories';
import {
  changeProductImages,
  managedProductKeys,
  registerProduct,
  updateProduct,
} from '../../shared/api/productManagement';
import { productKeys } from '../../shared/api/products';
import { ProductImage } from '../../product/ProductImage';
import { errorMessage } from '../../shared/ui/ErrorState';
import { CategorySelects, NO_CATEGORY, type CategoryPath } from './CategorySelects';

interface OptionRow {
  key: number;
  odno?: number;
  od_name: string;
  od_price: string;
  od_stock: string;
}

interface ChosenCategory {
  ctno: number;
  cateName: string;
}

/** An image of the form: one the product has (by name), or a file picked here (with its preview URL). */
type FormImage = { key: number } & ({ name: string } | { file: File; url: string });

const imageLabel = (image: FormImage, index: number) =>
  'name' in image ? `이미지 ${index + 1}` : `이미지 ${index + 1}: ${image.file.name}`;

/** An option row's fields and their labels. */
const OPTION_FIELDS = [
  ['od_name', '이름'],
  ['od_price', '추가 금액'],
  ['od_stock', '재고'],
] as const;

/** Keys of the form's option rows and images, unique for the page's life. */
let nextRowKey = 1;
const optionRow = (option: Partial<Omit<OptionRow, 'key'>> = {}): OptionRow => ({
  key: nextRowKey++,
  od_name: '',
  od_price: '0',
  od_stock: '0',
  ...option,
});

/**
 * The product registration form (no `product`) and the edit form (`product`, from navigation state):
 * name, description, price, sale percent, stock, images with previews (added, removed and moved,
 * also when editing), options, and lowest-level categories. Checked in the spec's order before it
 * is sent; the server checks again.
 */
export function ProductForm({ listPath, product }: { listPath: string; product?: ManagedProductDetailDto }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const ids = {
    name: useId(),
    content: useId(),
    price: useId(),
    salePer: useId(),
    stock: useId(),
    images: useId(),
  };
  const editing = product !== undefined;
  const [pName, setPName] = useState(product?.pName ?? '');
  const [pContent, setPContent] = useState(product?.pContent ?? '');
  const [pPrice, setPPrice] = useState(product ? String(product.pPrice) : '');
  const [pSalePer, setPSalePer] = useState(product ? String(product.pSalePer) : '0');
  const [pStock, setPStock] = useState('0');
  const [options, setOptions] = useState<OptionRow[]>(
    () =>
      product?.optionDetail.map((option) =>
        optionRow({
          odno: option.odno,
          od_name: option.od_name,
          od_price: String(option.od_price),
          od_stock: String(option.od_stock),
        }),
      ) ?? [],
  );
  const [path, setPath] = useState<CategoryPath>(NO_CATEGORY);
  const [categories, setCategories] = useState<ChosenCategory[]>(
    () => product?.category.map(({ ctno, cateName }) => ({ ctno, cateName })) ?? [],
  );
  const [images, setImages] = useState<FormImage[]>(
    () => product?.productImage.map((image) => ({ key: nextRowKey++, name: image.pi_name })) ?? [],
  );
  const [submitting, setSubmitting] = useState(false);
  const lowest = useQuery({ ...subCategoriesQuery(path[1]), enabled: path[1] > 0 });

  // Previews are object URLs: let them go with the form.
  const imagesRef = useRef(images);
  imagesRef.current = images;
  useEffect(
    () => () => imagesRef.current.forEach((image) => 'url' in image && URL.revokeObjectURL(image.url)),
    [],
  );

  const addCategory = () => {
    const ctno = path[2];
    if (!ctno) {
      window.alert(ProductMessages.lowestCategory);
      return;
    }
    const cateName = lowest.data?.find((category) => category.ctno === ctno)?.cateName ?? String(ctno);
    if (!categories.some((category) => category.ctno === ctno))
      setCategories([...categories, { ctno, cateName }]);
  };

  const pickImages = (event: ChangeEvent<HTMLInputElement>) => {
    const picked: FormImage[] = [];
    for (const file of Array.from(event.target.files ?? [])) {
      if (!(file.type in PRODUCT_IMAGE_TYPES)) {
        window.alert(`${file.name}: ${ProductMessages.notAnImage}`);
      } else if (file.size > MAX_PRODUCT_IMAGE_BYTES) {
        window.alert(`${file.name}: ${ProductMessages.imageTooLarge}`);
      } else if (images.length + picked.length >= MAX_PRODUCT_IMAGES) {
        window.alert(ProductMessages.tooManyImages);
        break;
      } else {
        picked.push({ key: nextRowKey++, file, url: URL.createObjectURL(file) });
      }
    }
    setImages([...images, ...picked]);
    event.target.value = '';
  };

  const removeImage = (image: FormImage) => {
    if ('url' in image) URL.revokeObjectURL(image.url);
    setImages(images.filter((other) => other !== image));
  };

  const moveImage = (from: number, to: number) => {
    const moved = [...images];
    const [image] = moved.splice(from, 1);
    moved.splice(to, 0, image);
    setImages(moved);
  };

  const imagesChanged = () => {
    const before = product?.productImage.map((image) => image.pi_name) ?? [];
    return (
      images.length !== before.length ||
      images.some((image, i) => !('name' in image) || image.name !== before[i])
    );
  };

  const changeOption = (key: number, field: 'od_name' | 'od_price' | 'od_stock', value: string) =>
    setOptions(options.map((option) => (option.key === key ? { ...option, [field]: value } : option)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (categories.some((category) => !Number.isInteger(category.ctno))) {
      window.alert(ProductMessages.invalidCategory);
      return;
    }
    const checked = checkProductForm({
      pName,
      pContent,
      pPrice,
      pSalePer,
      pStock,
      ctnos: categories.map((category) => category.ctno),
      options,
    });
    if (!checked.ok) {
      window.alert(checked.message);
      return;
    }
    setSubmitting(true);
    try {
      const opts = options.map(({ odno, od_name, od_price, od_stock }) => ({
        odno,
        od_name,
        od_price,
        od_stock,
      }));
      if (product) {
        if (imagesChanged()) {
          await changeProductImages(
            product.pno,
            images.map((image) => ('name' in image ? image.name : image.file)),
          );
        }
        await updateProduct(product.pno, {
          ...product,
          pName,
          pContent,
          pPrice,
          pSalePer,
          categoryProductBumpers: categories.map(({ ctno }) => ({ ctno })),
          category: undefined,
          optionDetail: opts,
        });
      } else {
        await registerProduct({
          dto: { pName, pContent, pPrice, pSalePer, pStock },
          ctnoList: categories.map((category) => category.ctno),
          images: images.flatMap((image) => ('file' in image ? [image.file] : [])),
          opts,
        });
      }
      window.alert(editing ? ProductMessages.edited : ProductMessages.registered);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: managedProductKeys.all }),
        queryClient.invalidateQueries({ queryKey: productKeys.all }),
      ]);
      void navigate(listPath, product ? { state: { pno: product.pno } } : undefined);
    } catch (error) {
      const failed = editing ? ProductMessages.editFailed : ProductMessages.registerFailed;
      window.alert(`${failed}: ${errorMessage(error)}`);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form
      className="console-products__form"
      aria-label={editing ? '상품 수정' : '상품 등록'}
      onSubmit={(e) => void submit(e)}
      noValidate
    >
      <h2 className="console-products__subtitle">{editing ? '상품 수정' : '상품 등록'}</h2>
      <div className="console-products__field">
        <label htmlFor={ids.name}>상품명</label>
        <input
          id={ids.name}
          value={pName}
          maxLength={PRODUCT_NAME_MAX}
          onChange={(e) => setPName(e.target.value)}
        />
      </div>
      <div className="console-products__field">
        <label htmlFor={ids.content}>상품 설명</label>
        <textarea
          id={ids.content}
          rows={5}
          value={pContent}
          maxLength={PRODUCT_CONTENT_MAX}
          onChange={(e) => setPContent(e.target.value)}
        />
      </div>
      <div className="console-products__numbers">
        <div className="console-products__field">
          <label htmlFor={ids.price}>가격 (원)</label>
          <input
            id={ids.price}
            inputMode="numeric"
            value={pPrice}
            onChange={(e) => setPPrice(e.target.value)}
          />
        </div>
        <div className="console-products__field">
          <label htmlFor={ids.salePer}>할인율 (%)</label>
          <input
            id={ids.salePer}
            inputMode="numeric"
            value={pSalePer}
            onChange={(e) => setPSalePer(e.target.value)}
          />
        </div>
        {!editing && options.length === 0 ? (
          <div className="console-products__field">
            <label htmlFor={ids.stock}>재고</label>
            <input
              id={ids.stock}
              inputMode="numeric"
              value={pStock}
              onChange={(e) => setPStock(e.target.value)}
            />
          </div>
        ) : null}
      </div>

      <fieldset className="console-products__group">
        <legend>이미지</legend>
        <label htmlFor={ids.images} className="btn console-products__file">
          이미지 선택
        </label>
        <input
          id={ids.images}
          className="sr-only"
          type="file"
          multiple
          accept={Object.keys(PRODUCT_IMAGE_TYPES).join(',')}
          onChange={pickImages}
        />
        <p className="console-products__hint">
          PNG, JPEG, GIF, WebP · 한 장 {MAX_PRODUCT_IMAGE_BYTES / 1024 / 1024}MB 이하 · {MAX_PRODUCT_IMAGES}
          장까지 · 첫 번째 이미지가 대표 이미지입니다.
        </p>
        {images.length ? (
          <ol className="console-products__previews" aria-label="상품 이미지">
            {images.map((image, index) => (
              <li key={image.key} className="console-products__preview" data-testid="image-preview">
                {'name' in image ? (
                  <ProductImage name={image.name} alt={imageLabel(image, index)} />
                ) : (
                  <img src={image.url} alt={`미리보기 ${imageLabel(image, index)}`} />
                )}
                <div className="console-products__preview-actions">
                  <button
                    type="button"
                    className="btn"
                    disabled={index === 0}
                    onClick={() => moveImage(index, index - 1)}
                    aria-label={`${imageLabel(image, index)} 앞으로`}
                  >
                    ←
                  </button>
                  <button
                    type="button"
                    className="btn"
                    disabled={index === images.length - 1}
                    onClick={() => moveImage(index, index + 1)}
                    aria-label={`${imageLabel(image, index)} 뒤로`}
                  >
                    →
                  </button>
                  <button
                    type="button"
                    className="btn"
                    onClick={() => removeImage(image)}
                    aria-label={`${imageLabel(image, index)} 삭제`}
                  >
                    삭제
                  </button>
                </div>
              </li>
            ))}
          </ol>
        ) : null}
      </fieldset>

      <fieldset className="console-products__group">
        <legend>옵션</legend>
        {options.length === 0 ? (
          <p className="console-products__hint">옵션이 없으면 '기본' 옵션 하나로 판매합니다.</p>
        ) : (
          <ul className="console-products__option-rows">
            {options.map((option, index) => (
              <li key={option.key} className="console-products__option-row" data-testid="option-row">
                {OPTION_FIELDS.map(([field, label]) => (
                  <label key={field} className="console-products__option-field">
                    <span aria-hidden="true">{label}</span>
                    <input
                      aria-label={`옵션 ${index + 1} ${label}`}
                      inputMode={field === 'od_name' ? undefined : 'numeric'}
                      value={option[field]}
                      onChange={(e) => changeOption(option.key, field, e.target.value)}
                    />
                  </label>
                ))}
                <button
                  type="button"
                  className="btn"
                  aria-label={`옵션 ${index + 1} 삭제`}
                  onClick={() => setOptions(options.filter((other) => other.key !== option.key))}
                >
                  삭제
                </button>
              </li>
            ))}
          </ul>
        )}
        {editing ? (
          <p className="console-products__hint">삭제한 옵션은 주문 내역에 남고 더는 판매되지 않습니다.</p>
        ) : null}
        <button type="button" className="btn" onClick={() => setOptions([...options, optionRow()])}>
          옵션 추가
        </button>
      </fieldset>

      <fieldset className="console-products__group">
        <legend>카테고리</legend>
        <CategorySelects label="카테고리 선택" value={path} onChange={setPath} />
        <button type="button" className="btn" onClick={addCategory}>
          카테고리 추가
        </button>
        {categories.length ? (
          <ul className="console-products__chosen" aria-label="설정한 카테고리">
            {categories.map((category) => (
              <li key={category.ctno}>
                {category.cateName}
                <button
                  type="button"
                  className="console-products__remove"
                  aria-label={`${category.cateName} 카테고리 삭제`}
                  onClick={() => setCategories(categories.filter((other) => other.ctno !== category.ctno))}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </fieldset>

      <div className="console-products__actions">
        <button type="submit" className="btn btn--primary" disabled={submitting}>
          {editing ? '수정' : '등록'}
        </button>
        <button
          type="button"
          className="btn"
          onClick={() => void navigate(listPath, product ? { state: { pno: product.pno } } : undefined)}
        >
          취소
        </button>
      </div>
    </form>
  );
}
