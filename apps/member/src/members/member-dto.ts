import type { MemberDto } from '@mkt/contracts';
import type { Member } from '../database';

export function toMemberDto(member: Member): MemberDto {
  return {
    mno: member.mno,
    email: member.email,
    m_email: member.email,
    m_name: member.mName,
    m_nickname: member.mNickname,
    m_phoNum: member.mPhoNum,
    def_addr: member.defAddr,
    isMan: member.isMan,
    ad_agree: member.adAgree,
    info_agree: member.infoAgree,
    totalPay: member.totalPay,
    membership: [member.grade],
    birth: member.birth ? member.birth.toISOString().slice(0, 10) : null,
    formSns: member.formSns,
    isBan: member.isBan,
    role: member.role,
    businessName: member.businessName,
  };
}
