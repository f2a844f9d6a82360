/** Alerts of the password re-check and profile edit screens (spec sections 5, 6 and 8). */
export const SNS_CANNOT_MODIFY_MESSAGE = 'SNS 로그인 회원은 정보를 수정할 수 없습니다.';
export const PASSWORD_CHECK_WRONG_MESSAGE = '입력하신 정보가 올바르지 않습니다. 다시 입력해 주세요.';
export const PROFILE_LOADING_TEXT = '불러오는 중...';
export const PROFILE_LOAD_FAILED_MESSAGE = '회원 정보를 불러오지 못했습니다.';
export const NOTHING_CHANGED_MESSAGE = '변경할 내용을 입력해 주세요.';
export const CURRENT_PASSWORD_REQUIRED_MESSAGE = '비밀번호를 변경하려면 현재 비밀번호를 입력해 주세요.';
export const NEW_PASSWORD_MISMATCH_MESSAGE = '새 비밀번호가 일치하지 않습니다.';
export const PROFILE_SAVED_MESSAGE = '회원 정보가 수정되었습니다.';
export const PROFILE_SAVED_LOGOUT_MESSAGE = '회원 정보가 수정되었습니다. 비밀번호가 변경되어 로그아웃됩니다.';
export const PROFILE_SAVE_FAILED_MESSAGE = '회원 정보 수정에 실패했습니다. 다시 시도해 주세요.';
