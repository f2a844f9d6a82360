import type { DailyVisits, HourlyVisits, VisitorSnapshot } from '@mkt/contracts';
import { formatDate, formatNumber } from '../shared/text/format';
import { ErrorState } from '../shared/ui/ErrorState';
import { DashboardPosts } from './content/DashboardPosts';
import { useLiveVisitorCounters, type LiveVisitorCounters } from './useLiveVisitorCounters';

export const VISITOR_LOAD_FAILED_MESSAGE = '방문자 정보를 불러오지 못했습니다.';

/** The admin console's first screen: visitor counters, updated live, and the newest notices and FAQs. */
export function AdminDashboard() {
  const live = useLiveVisitorCounters();
  return (
    <>
      <section className="dashboard" aria-labelledby="dashboard-visitors">
        <div className="dashboard__head">
          <h2 id="dashboard-visitors" className="dashboard__heading">
            방문자 현황
          </h2>
          <ConnectionBadge state={live.state} />
        </div>
        <VisitorPanel live={live} />
      </section>
      <DashboardPosts />
    </>
  );
}

function ConnectionBadge({ state }: { state: LiveVisitorCounters['state'] }) {
  const live = state === 'open';
  return <span className={`dashboard__badge${live ? ' is-live' : ''}`}>{live ? '실시간' : '연결 중'}</span>;
}

function VisitorPanel({ live }: { live: LiveVisitorCounters }) {
  const { snapshot, state, error, reconnect } = live;
  if (!snapshot) {
    if (state === 'connecting' || state === 'open') {
      return (
        <p className="dashboard__loading" role="status">
          방문자 정보를 불러오는 중입니다.
        </p>
      );
    }
    return <ErrorState title={VISITOR_LOAD_FAILED_MESSAGE} error={error} onRetry={reconnect} compact />;
  }
  return (
    <>
      {state === 'retrying' && (
        <p className="dashboard__notice" role="status">
          실시간 연결이 끊겨 다시 연결하는 중입니다. 마지막으로 받은 숫자를 보여 드립니다.
        </p>
      )}
      {state === 'stopped' && (
        <div className="dashboard__notice" role="alert">
          실시간 갱신이 멈췄습니다.{' '}
          <button type="button" className="dashboard__retry" onClick={reconnect}>
            다시 연결
          </button>
        </div>
      )}
      <TodaySummary snapshot={snapshot} />
      <div className="dashboard__tables">
        <DailyTable days={snapshot.daily} />
        <HourlyTable hours={snapshot.hourly} />
      </div>
    </>
  );
}

function TodaySummary({ snapshot }: { snapshot: VisitorSnapshot }) {
  const today = snapshot.daily.find((day) => day.date === snapshot.today);
  return (
    <dl className="dashboard__summary">
      <div className="dashboard__card">
        <dt>오늘 방문 수</dt>
        <dd data-testid="today-visits">{formatNumber(today?.visits ?? 0)}</dd>
      </div>
      <div className="dashboard__card">
        <dt>오늘 방문자 수</dt>
        <dd data-testid="today-visitors">{formatNumber(today?.visitors ?? 0)}</dd>
      </div>
    </dl>
  );
}

function DailyTable({ days }: { days: DailyVisits[] }) {
  return (
    <table className="dashboard__table">
      <caption>최근 {days.length}일 방문 현황</caption>
      <thead>
        <tr>
          <th scope="col">날짜</th>
          <th scope="col">방문 수</th>
          <th scope="col">방문자 수</th>
        </tr>
      </thead>
      <tbody>
        {days.map((day) => (
          <tr key={day.date}>
            <th scope="row">{formatDate(day.date)}</th>
            <td>{formatNumber(day.visits)}</td>
            <td>{formatNumber(day.visitors)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function HourlyTable({ hours }: { hours: HourlyVisits[] }) {
  const busiest = Math.max(1, ...hours.map((hour) => hour.visits));
  return (
    <table className="dashboard__table dashboard__table--hourly">
      <caption>오늘 시간대별 방문 수</caption>
      <thead>
        <tr>
          <th scope="col">시간</th>
          <th scope="col">방문 수</th>
        </tr>
      </thead>
      <tbody>
        {hours.map((hour) => (
          <tr key={hour.hour}>
            <th scope="row">{hour.hour}시</th>
            <td>
              <span className="dashboard__bar-cell">
                <span className="dashboard__bar-track" aria-hidden="true">
                  <span className="dashboard__bar" style={{ width: `${(hour.visits / busiest) * 100}%` }} />
                </span>
                <span className="dashboard__bar-value">{formatNumber(hour.visits)}</span>
              </span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
