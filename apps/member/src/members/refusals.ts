import { HttpException, HttpStatus } from '@nestjs/common';
import { AuthErrors } from '@mkt/contracts';
import type { ErrorBody } from '@mkt/http';
import type { Member } from '../database';

export function refuse(status: HttpStatus, error: string, message: string): HttpException {
  return new HttpException({ error, message } satisfies ErrorBody, status);
}

/** A suspended member signs in by no route: password or social provider alike. */
export function refuseIfBanned(member: Pick<Member, 'isBan'>): void {
  if (member.isBan)
    throw refuse(
      HttpStatus.FORBIDDEN,
      AuthErrors.banned,
      '이용이 정지된 계정입니다. 고객센터로 문의해 주세요.',
    );
}
