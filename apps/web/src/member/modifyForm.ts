import { JOIN_MESSAGES, modifySchema, type MemberDto, type ModifyRequest } from '@mkt/contracts';
import {
  CURRENT_PASSWORD_REQUIRED_MESSAGE,
  NEW_PASSWORD_MISMATCH_MESSAGE,
  NOTHING_CHANGED_MESSAGE,
} from './profileMessages';

/**
 * The profile edit form: the editable fields start from the loaded member; each is checked by
 * the rule the server applies again (modifySchema: the join rules, and the address save rule),
 * and only changed fields are sent.
 */

export interface ModifyFormValues {
  m_name: string;
  m_nickname: string;
  m_phoNum: string;
  def_addr: string;
  isMan: boolean;
  ad_agree: boolean;
  now_pw: string;
  new_m_pw: string;
  new_m_pw_confirm: string;
}

export type ModifyField = keyof ModifyFormValues;
export type ModifyErrors = Partial<Record<ModifyField, string>>;

/** The fields compared with the loaded member. */
export const PROFILE_FIELDS = ['m_name', 'm_nickname', 'm_phoNum', 'def_addr', 'isMan', 'ad_agree'] as const;

export function modifyFormOf(member: MemberDto): ModifyFormValues {
  return {
    m_name: member.m_name ?? '',
    m_nickname: member.m_nickname ?? '',
    m_phoNum: member.m_phoNum ?? '',
    def_addr: member.def_addr ?? '',
    isMan: !!member.isMan,
    ad_agree: !!member.ad_agree,
    now_pw: '',
    new_m_pw: '',
    new_m_pw_confirm: '',
  };
}

function fieldError(field: 'm_name' | 'm_nickname' | 'm_phoNum' | 'def_addr' | 'new_m_pw', value: unknown) {
  const result = modifySchema.shape[field].safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

/** The message of every field that breaks its rule; the passwords only when a new one is typed. */
export function validateModify(values: ModifyFormValues): ModifyErrors {
  const errors: ModifyErrors = {
    m_name: fieldError('m_name', values.m_name),
    m_nickname: fieldError('m_nickname', values.m_nickname),
    m_phoNum: fieldError('m_phoNum', values.m_phoNum),
    def_addr: fieldError('def_addr', values.def_addr),
    new_m_pw: values.new_m_pw ? fieldError('new_m_pw', values.new_m_pw) : undefined,
    new_m_pw_confirm:
      (values.new_m_pw || values.new_m_pw_confirm) && values.new_m_pw_confirm !== values.new_m_pw
        ? JOIN_MESSAGES.passwordConfirm
        : undefined,
  };
  for (const key of Object.keys(errors) as ModifyField[]) if (!errors[key]) delete errors[key];
  return errors;
}

function normalized(value: string | boolean): string | boolean {
  return typeof value === 'string' ? value.trim() : value;
}

/** The profile fields that differ from the loaded member. */
export function changedFields(member: MemberDto, values: ModifyFormValues): Partial<ModifyRequest> {
  const loaded = modifyFormOf(member);
  const changes: Record<string, string | boolean> = {};
  for (const field of PROFILE_FIELDS) {
    const next = normalized(values[field]);
    if (next !== normalized(loaded[field])) changes[field] = next;
  }
  return changes as Partial<ModifyRequest>;
}

export type ModifyPlan =
  | { kind: 'alert'; message: string }
  | { kind: 'invalid'; errors: ModifyErrors }
  | { kind: 'send'; body: ModifyRequest; passwordChange: boolean };

/**
 * The submit rules, in order: nothing changed; a new password without the current one; new
 * password and confirmation differ; then the field rules; else the body to send.
 */
export function planModify(member: MemberDto, values: ModifyFormValues): ModifyPlan {
  const changes = changedFields(member, values);
  const passwordChange = values.new_m_pw !== '';
  if (Object.keys(changes).length === 0 && !passwordChange) {
    return { kind: 'alert', message: NOTHING_CHANGED_MESSAGE };
  }
  if (passwordChange && !values.now_pw) return { kind: 'alert', message: CURRENT_PASSWORD_REQUIRED_MESSAGE };
  if (passwordChange && values.new_m_pw !== values.new_m_pw_confirm) {
    return { kind: 'alert', message: NEW_PASSWORD_MISMATCH_MESSAGE };
  }
  const all = validateModify(values);
  const errors: ModifyErrors = {};
  for (const field of Object.keys(changes) as ModifyField[]) if (all[field]) errors[field] = all[field];
  if (passwordChange && all.new_m_pw) errors.new_m_pw = all.new_m_pw;
  if (Object.keys(errors).length > 0) return { kind: 'invalid', errors };
  const body: ModifyRequest = { ...changes };
  if (passwordChange) {
    body.now_pw = values.now_pw;
    body.new_m_pw = values.new_m_pw;
  }
  return { kind: 'send', body, passwordChange };
}
