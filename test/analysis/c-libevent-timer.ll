; libevent timers (evtimer_set, evtimer_new: event_set/event_new with
; descriptor -1 and no EV_READ/EV_WRITE/EV_SIGNAL) call their callback at
; the timer's pace: a write there is a run-time write, not a repeated one
; (neutral), like memcached's once-a-second clock_handler. An I/O event's
; callback (EV_READ) runs per request: a write there is write-hot.
;
;   static struct event clockevent, connevent; static struct event *statsevent;
;   static volatile long current_time; static long requests, stats_ticks;
;   static void clock_handler(evutil_socket_t fd, short which, void *arg) {
;     struct timeval t = {1, 0}; evtimer_set(&clockevent, clock_handler, 0);
;     evtimer_add(&clockevent, &t); current_time = time(0); }
;   static void stats_handler(evutil_socket_t fd, short which, void *arg) { stats_ticks = stats_ticks + 1; }
;   static void conn_handler(evutil_socket_t fd, short which, void *arg) {
;     requests = requests + current_time + stats_ticks; }
;   int main(int argc, char **argv) {
;     struct event_base *base = event_init(); struct timeval t = {1, 0};
;     event_set(&connevent, argc, EV_READ | EV_PERSIST, conn_handler, 0); event_add(&connevent, 0);
;     statsevent = evtimer_new(base, stats_handler, 0); evtimer_add(statsevent, &t);
;     clock_handler(0, 0, 0); event_base_loop(base, 0); return (int)requests; }
;
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -disable-output %s
; RUN: FileCheck %s --input-file=%t.json

; CHECK-DAG: "class":"write-hot","name":"requests",{{.*}}"reason":"written while threads run: store in conn_handler (callback of unknown code)"
; CHECK-DAG: "class":"neutral","name":"current_time",{{.*}}"reason":"written at run time, but not repeatedly: store in clock_handler (timer callback)"
; CHECK-DAG: "class":"neutral","name":"stats_ticks",{{.*}}"reason":"written at run time, but not repeatedly: store in stats_handler (timer callback)"
; CHECK-DAG: "threads": true

; The two-stage flow (per-TU facts, then the merge) decides the same.
; RUN: rm -rf %t.facts && %opt -load-pass-plugin=%plugin -passes=cacheline-facts -cacheline-facts-dir=%t.facts %s -disable-output
; RUN: %tools/cacheline-facts merge %t.facts -o %t.layout.json
; RUN: FileCheck %s --check-prefix=MERGE --input-file=%t.layout.json
; MERGE-DAG: {"class":"write-hot",{{.*}}"name":"requests",{{.*}}"reason":"written while threads run: store in conn_handler (callback of unknown code)"
; MERGE-DAG: {"class":"neutral",{{.*}}"name":"current_time",{{.*}}"reason":"written at run time, but not repeatedly: store in clock_handler (timer callback)"
; MERGE-DAG: {"class":"neutral",{{.*}}"name":"stats_ticks",{{.*}}"reason":"written at run time, but not repeatedly: store in stats_handler (timer callback)"

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.event = type { %struct.event_callback, %union.anon.0, i32, ptr, %union.anon.2, i16, i16, %struct.timeval }
%struct.event_callback = type { %struct.anon, i16, i8, i8, %union.anon, ptr }
%struct.anon = type { ptr, ptr }
%union.anon = type { ptr }
%union.anon.0 = type { %struct.anon.1 }
%struct.anon.1 = type { ptr, ptr }
%union.anon.2 = type { %struct.anon.3 }
%struct.anon.3 = type { %struct.anon.4, %struct.timeval }
%struct.anon.4 = type { ptr, ptr }
%struct.timeval = type { i64, i64 }

@connevent = internal global %struct.event zeroinitializer, align 8
@statsevent = internal unnamed_addr global ptr null, align 8
@requests = internal unnamed_addr global i64 0, align 8
@current_time = internal global i64 0, align 8
@stats_ticks = internal unnamed_addr global i64 0, align 8
@__const.clock_handler.t = private unnamed_addr constant %struct.timeval { i64 1, i64 0 }, align 8
@clockevent = internal global %struct.event zeroinitializer, align 8

define dso_local i32 @main(i32 noundef %0, ptr nocapture noundef readnone %1) local_unnamed_addr {
  %3 = alloca %struct.timeval, align 8
  %4 = alloca %struct.timeval, align 8
  %5 = tail call ptr @event_init()
  call void @llvm.lifetime.start.p0(i64 16, ptr nonnull %4)
  call void @llvm.memcpy.p0.p0.i64(ptr noundef nonnull align 8 dereferenceable(16) %4, ptr noundef nonnull align 8 dereferenceable(16) @__const.clock_handler.t, i64 16, i1 false)
  tail call void @event_set(ptr noundef nonnull @connevent, i32 noundef %0, i16 noundef signext 18, ptr noundef nonnull @conn_handler, ptr noundef null)
  %6 = tail call i32 @event_add(ptr noundef nonnull @connevent, ptr noundef null)
  %7 = tail call ptr @event_new(ptr noundef %5, i32 noundef -1, i16 noundef signext 0, ptr noundef nonnull @stats_handler, ptr noundef null)
  store ptr %7, ptr @statsevent, align 8
  %8 = call i32 @event_add(ptr noundef %7, ptr noundef nonnull %4)
  call void @llvm.lifetime.start.p0(i64 16, ptr nonnull %3)
  call void @llvm.memcpy.p0.p0.i64(ptr noundef nonnull align 8 dereferenceable(16) %3, ptr noundef nonnull align 8 dereferenceable(16) @__const.clock_handler.t, i64 16, i1 false)
  call void @event_set(ptr noundef nonnull @clockevent, i32 noundef -1, i16 noundef signext 0, ptr noundef nonnull @clock_handler, ptr noundef null)
  %9 = call i32 @event_add(ptr noundef nonnull @clockevent, ptr noundef nonnull %3)
  %10 = call i64 @time(ptr noundef null)
  store volatile i64 %10, ptr @current_time, align 8
  call void @llvm.lifetime.end.p0(i64 16, ptr nonnull %3)
  %11 = call i32 @event_base_loop(ptr noundef %5, i32 noundef 0)
  %12 = load i64, ptr @requests, align 8
  %13 = trunc i64 %12 to i32
  call void @llvm.lifetime.end.p0(i64 16, ptr nonnull %4)
  ret i32 %13
}

declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture)

declare ptr @event_init() local_unnamed_addr

declare void @llvm.memcpy.p0.p0.i64(ptr noalias nocapture writeonly, ptr noalias nocapture readonly, i64, i1 immarg)

declare void @event_set(ptr noundef, i32 noundef, i16 noundef signext, ptr noundef, ptr noundef) local_unnamed_addr

define internal void @conn_handler(i32 %0, i16 signext %1, ptr nocapture readnone %2) {
  %4 = load i64, ptr @requests, align 8
  %5 = load volatile i64, ptr @current_time, align 8
  %6 = add nsw i64 %5, %4
  %7 = load i64, ptr @stats_ticks, align 8
  %8 = add nsw i64 %6, %7
  store i64 %8, ptr @requests, align 8
  ret void
}

declare i32 @event_add(ptr noundef, ptr noundef) local_unnamed_addr

declare ptr @event_new(ptr noundef, i32 noundef, i16 noundef signext, ptr noundef, ptr noundef) local_unnamed_addr

define internal void @stats_handler(i32 %0, i16 signext %1, ptr nocapture readnone %2) {
  %4 = load i64, ptr @stats_ticks, align 8
  %5 = add nsw i64 %4, 1
  store i64 %5, ptr @stats_ticks, align 8
  ret void
}

define internal void @clock_handler(i32 %0, i16 signext %1, ptr nocapture readnone %2) {
  %4 = alloca %struct.timeval, align 8
  call void @llvm.lifetime.start.p0(i64 16, ptr nonnull %4)
  call void @llvm.memcpy.p0.p0.i64(ptr noundef nonnull align 8 dereferenceable(16) %4, ptr noundef nonnull align 8 dereferenceable(16) @__const.clock_handler.t, i64 16, i1 false)
  tail call void @event_set(ptr noundef nonnull @clockevent, i32 noundef -1, i16 noundef signext 0, ptr noundef nonnull @clock_handler, ptr noundef null)
  %5 = call i32 @event_add(ptr noundef nonnull @clockevent, ptr noundef nonnull %4)
  %6 = call i64 @time(ptr noundef null)
  store volatile i64 %6, ptr @current_time, align 8
  call void @llvm.lifetime.end.p0(i64 16, ptr nonnull %4)
  ret void
}

declare i32 @event_base_loop(ptr noundef, i32 noundef) local_unnamed_addr

declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture)

declare i64 @time(ptr noundef) local_unnamed_addr


