import { PaymentModuleUnavailableError, type PaymentOutcome, type PaymentRequest } from './paymentWindow';

/** PortOne's v1 browser SDK: its popup is the payment window where a real merchant code is configured. */

const SDK_URL = 'https://cdn.iamport.kr/v1/iamport.js';
/** The spec sends a fixed postcode; the receiver's address goes in buyer_addr. */
const BUYER_POSTCODE = '123-456';

interface IamportResponse {
  success?: boolean;
  imp_uid?: string | null;
  error_code?: string | null;
  error_msg?: string | null;
}

interface Iamport {
  init(merchantCode: string): void;
  request_pay(params: Record<string, unknown>, callback: (response: IamportResponse) => void): void;
}

declare global {
  interface Window {
    IMP?: Iamport;
  }
}

let sdk: Promise<Iamport> | null = null;

function loadSdk(): Promise<Iamport> {
  if (window.IMP) return Promise.resolve(window.IMP);
  sdk ??= new Promise<Iamport>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SDK_URL;
    script.async = true;
    script.onload = () => (window.IMP ? resolve(window.IMP) : reject(new Error('IMP is missing')));
    script.onerror = () => {
      script.remove();
      sdk = null;
      reject(new Error(`${SDK_URL} did not load`));
    };
    document.head.append(script);
  });
  return sdk;
}

export async function payWithPortOne(merchantCode: string, request: PaymentRequest): Promise<PaymentOutcome> {
  let imp: Iamport;
  try {
    imp = await loadSdk();
  } catch (error) {
    throw new PaymentModuleUnavailableError(error);
  }
  imp.init(merchantCode);
  return new Promise<PaymentOutcome>((resolve) => {
    imp.request_pay(
      {
        ...request,
        pay_method: 'card',
        buyer_postcode: BUYER_POSTCODE,
        // Lump sum only: no installment months offered.
        display: { card_quota: [] },
      },
      (response) => {
        if (response.error_code || response.success === false || !response.imp_uid) {
          resolve({
            status: 'failed',
            message: response.error_msg || '결제가 완료되지 않았습니다.',
            code: response.error_code || null,
          });
        } else {
          resolve({ status: 'paid', imp_uid: response.imp_uid });
        }
      },
    );
  });
}
