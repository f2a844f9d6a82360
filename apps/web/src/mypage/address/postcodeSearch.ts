import { useCallback, useEffect, useState } from 'react';

/**
 * The Daum/Kakao postcode search widget (postcode.map.daum.net). Its script is loaded by the
 * address screen only; where it cannot be reached the screen lets the shopper type the address.
 */

export const POSTCODE_SCRIPT_URL = 'https://t1.daumcdn.net/mapjsapi/bundle/postcode/prod/postcode.v2.js';
/** A script that neither loads nor fails by then counts as unavailable. */
export const POSTCODE_LOAD_TIMEOUT_MS = 5000;

/** The fields of the widget's answer the screen reads. */
export interface PostcodeResult {
  zonecode: string;
  roadAddress: string;
  jibunAddress: string;
  /** Predicted addresses, set when the shopper picked an address without an exact match. */
  autoRoadAddress: string;
  autoJibunAddress: string;
  /** Legal dong or ri name. */
  bname: string;
  buildingName: string;
  apartment: 'Y' | 'N';
}

interface PostcodeOptions {
  oncomplete(result: PostcodeResult): void;
}

type PostcodeConstructor = new (options: PostcodeOptions) => { open(): void };

declare global {
  interface Window {
    daum?: { Postcode?: PostcodeConstructor };
  }
}

let loading: Promise<PostcodeConstructor> | null = null;

/** Adds the script once per page; a failed or timed-out load is tried again by the next screen that asks. */
function loadPostcodeScript(): Promise<PostcodeConstructor> {
  const loaded = window.daum?.Postcode;
  if (loaded) return Promise.resolve(loaded);
  loading ??= new Promise<PostcodeConstructor>((resolve, reject) => {
    const script = document.createElement('script');
    let settled = false;
    const settle = (Postcode: PostcodeConstructor | undefined) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (Postcode) {
        resolve(Postcode);
        return;
      }
      script.remove();
      loading = null;
      reject(new Error('the postcode search script is unavailable'));
    };
    const timer = setTimeout(() => settle(undefined), POSTCODE_LOAD_TIMEOUT_MS);
    script.src = POSTCODE_SCRIPT_URL;
    script.async = true;
    script.onload = () => settle(window.daum?.Postcode);
    script.onerror = () => settle(undefined);
    document.head.append(script);
  });
  return loading;
}

type SearchState =
  { status: 'loading' } | { status: 'ready'; Postcode: PostcodeConstructor } | { status: 'unavailable' };

export type PostcodeStatus = SearchState['status'];

/** Loads the widget; `open` shows its search window and hands the chosen address to `onComplete`. */
export function usePostcodeSearch(): {
  status: PostcodeStatus;
  open: (onComplete: (result: PostcodeResult) => void) => void;
} {
  const [state, setState] = useState<SearchState>(() => {
    const Postcode = window.daum?.Postcode;
    return Postcode ? { status: 'ready', Postcode } : { status: 'loading' };
  });

  useEffect(() => {
    if (state.status !== 'loading') return;
    let mounted = true;
    loadPostcodeScript().then(
      (Postcode) => mounted && setState({ status: 'ready', Postcode }),
      () => mounted && setState({ status: 'unavailable' }),
    );
    return () => {
      mounted = false;
    };
  }, [state.status]);

  const open = useCallback(
    (onComplete: (result: PostcodeResult) => void) => {
      if (state.status === 'ready') new state.Postcode({ oncomplete: onComplete }).open();
    },
    [state],
  );

  return { status: state.status, open };
}
