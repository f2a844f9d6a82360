import { BOARD_CONSOLE_KINDS, boardConsoleState, boardConsoleViewOf } from './boardConsole';

const notice = BOARD_CONSOLE_KINDS.notice;
const faq = BOARD_CONSOLE_KINDS.faq;
const post = { id: 3, title: '제목', body: '내용', isPrivate: false, regDate: '2026-11-24T00:00:00Z' };

describe('the admin console sub-view of notices and FAQs', () => {
  it('follows the navigation state of its own kind', () => {
    expect(boardConsoleViewOf(notice, null)).toEqual({ view: 'list' });
    expect(boardConsoleViewOf(notice, { nno: 3 })).toEqual({ view: 'detail', id: 3 });
    expect(boardConsoleViewOf(notice, { addNotice: true })).toEqual({ view: 'add' });
    expect(boardConsoleViewOf(notice, { modifyNotice: post })).toEqual({ view: 'edit', post });
    expect(boardConsoleViewOf(faq, { fno: 8 })).toEqual({ view: 'detail', id: 8 });
    expect(boardConsoleViewOf(faq, { nno: 3 })).toEqual({ view: 'list' });
    expect(boardConsoleViewOf(faq, { addNotice: true })).toEqual({ view: 'list' });
  });

  it('shows the list for state it cannot read', () => {
    expect(boardConsoleViewOf(notice, { nno: '3' })).toEqual({ view: 'list' });
    expect(boardConsoleViewOf(notice, { nno: -1 })).toEqual({ view: 'list' });
    expect(boardConsoleViewOf(notice, { modifyNotice: { id: 1 } })).toEqual({ view: 'list' });
  });

  it('builds the state each sub-view reads back', () => {
    expect(boardConsoleViewOf(faq, boardConsoleState.detail(faq, 4))).toEqual({ view: 'detail', id: 4 });
    expect(boardConsoleViewOf(faq, boardConsoleState.add(faq))).toEqual({ view: 'add' });
    expect(boardConsoleViewOf(notice, boardConsoleState.edit(notice, post))).toEqual({ view: 'edit', post });
  });
});
