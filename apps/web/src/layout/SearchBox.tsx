import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { searchUrl } from '../shared/routing/paths';
import { SearchIcon } from '../shared/ui/icons';

/** Keyword search: the button or Enter opens the product list with the keyword; an empty keyword does nothing. */
export function SearchBox() {
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState('');
  const inputId = useId();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = keyword.trim();
    if (!trimmed) return;
    navigate(searchUrl(trimmed));
  };

  return (
    <form role="search" className="search-box" onSubmit={onSubmit}>
      <label htmlFor={inputId} className="sr-only">
        상품 검색
      </label>
      <input
        id={inputId}
        type="search"
        className="search-box__input"
        placeholder="검색어를 입력해 주세요"
        value={keyword}
        onChange={(event) => setKeyword(event.target.value)}
        autoComplete="off"
        enterKeyHint="search"
        maxLength={100}
      />
      <button type="submit" className="search-box__button" aria-label="검색">
        <SearchIcon size={22} />
      </button>
    </form>
  );
}
