import { JOIN_MESSAGES, joinSchema, type JoinRequest } from '@mkt/contracts';

/**
 * The join form's state and rules. Each field is checked by the same zod rule the server applies
 * (joinSchema from @mkt/contracts), so the browser accepts exactly what the server does.
 */

export interface JoinFormValues {
  email: string;
  m_pw: string;
  m_pw_confirm: string;
  m_name: string;
  m_nickname: string;
  m_phoNum: string;
  def_addr: string;
  isMan: boolean | null;
  birth: string;
  info_agree: boolean;
  ad_agree: boolean;
}

export type JoinField = keyof JoinFormValues;
export type JoinErrors = Partial<Record<JoinField, string>>;

export const EMPTY_JOIN_FORM: JoinFormValues = {
  email: '',
  m_pw: '',
  m_pw_confirm: '',
  m_name: '',
  m_nickname: '',
  m_phoNum: '',
  def_addr: '',
  isMan: null,
  birth: '',
  info_agree: false,
  ad_agree: false,
};

type SchemaField = keyof typeof joinSchema.shape;

function fieldError(field: SchemaField, value: unknown): string | undefined {
  const result = joinSchema.shape[field].safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

/** The message of every field that breaks its rule (empty required fields included). */
export function validateJoin(values: JoinFormValues): JoinErrors {
  const errors: JoinErrors = {
    email: fieldError('email', values.email),
    m_pw: fieldError('m_pw', values.m_pw),
    m_pw_confirm:
      values.m_pw_confirm !== values.m_pw || !values.m_pw_confirm ? JOIN_MESSAGES.passwordConfirm : undefined,
    m_name: fieldError('m_name', values.m_name),
    m_nickname: fieldError('m_nickname', values.m_nickname),
    m_phoNum: fieldError('m_phoNum', values.m_phoNum),
    def_addr: fieldError('def_addr', values.def_addr),
    isMan: values.isMan === null ? JOIN_MESSAGES.gender : undefined,
    birth: values.birth ? fieldError('birth', values.birth) : undefined,
    info_agree: fieldError('info_agree', values.info_agree),
  };
  for (const key of Object.keys(errors) as JoinField[]) if (!errors[key]) delete errors[key];
  return errors;
}

/** The join call's body, or null while the form is not valid. */
export function toJoinRequest(values: JoinFormValues): JoinRequest | null {
  if (Object.keys(validateJoin(values)).length > 0) return null;
  const parsed = joinSchema.safeParse({
    email: values.email,
    m_pw: values.m_pw,
    m_name: values.m_name,
    m_nickname: values.m_nickname,
    m_phoNum: values.m_phoNum,
    def_addr: values.def_addr,
    isMan: values.isMan,
    ad_agree: values.ad_agree,
    info_agree: values.info_agree,
    birth: values.birth || undefined,
  });
  return parsed.success ? parsed.data : null;
}

/** Phone input: digits only, at most 11. */
export function phoneDigits(value: string): string {
  return value.replace(/\D/g, '').slice(0, 11);
}
