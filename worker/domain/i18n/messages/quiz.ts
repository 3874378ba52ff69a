import { defineMessages } from "./define.ts";

/** The prediction quiz (guess). */
export const quiz = defineMessages({
  QUIZ_ROUND_CLOSED: {
    en: "This round is not taking bets",
    zh: "本轮当前不接受竞猜",
    hk: "本輪目前不接受競猜",
    th: "รอบนี้ไม่รับการทายแล้ว",
    jp: "このラウンドは現在予想を受け付けていません",
    kor: "이 라운드는 지금 예측을 받지 않습니다",
    fra: "Cette manche n'accepte pas de paris",
    spa: "Esta ronda no acepta apuestas",
    vn: "Vòng này không nhận dự đoán",
  },
  QUIZ_AMOUNT_RANGE: {
    en: "The bet must be between {min} and {max}",
    zh: "竞猜金额须在 {min} 至 {max} 之间",
    hk: "競猜金額須在 {min} 至 {max} 之間",
    th: "จำนวนเงินต้องอยู่ระหว่าง {min} ถึง {max}",
    jp: "予想金額は {min} から {max} の間で入力してください",
    kor: "예측 금액은 {min}에서 {max} 사이여야 합니다",
    fra: "La mise doit être comprise entre {min} et {max}",
    spa: "La apuesta debe estar entre {min} y {max}",
    vn: "Số tiền dự đoán phải từ {min} đến {max}",
  },
  QUIZ_ROUND_TIMES: {
    en: "The round needs at least 10 seconds for bets before the cut-off and 10 seconds from the cut-off to the end",
    zh: "本轮截止前至少需留 10 秒竞猜时间，截止到结束至少 10 秒",
    hk: "本輪截止前至少需留 10 秒競猜時間，截止到結束至少 10 秒",
    th: "รอบต้องมีเวลาทายอย่างน้อย 10 วินาทีก่อนปิดรับ และ 10 วินาทีจากปิดรับถึงสิ้นสุด",
    jp: "締切前に 10 秒以上の予想時間、締切から終了まで 10 秒以上が必要です",
    kor: "마감 전 최소 10초의 예측 시간과 마감부터 종료까지 최소 10초가 필요합니다",
    fra: "La manche doit laisser au moins 10 secondes de paris avant la clôture et 10 secondes de la clôture à la fin",
    spa: "La ronda necesita al menos 10 segundos de apuestas antes del cierre y 10 segundos del cierre al final",
    vn: "Vòng cần ít nhất 10 giây để dự đoán trước khi chốt và 10 giây từ lúc chốt đến khi kết thúc",
  },
  QUIZ_CONFIG_INVALID: {
    en: "Invalid quiz setting: {field}",
    zh: "竞猜设置无效：{field}",
    hk: "競猜設定無效：{field}",
    th: "การตั้งค่าการทายไม่ถูกต้อง: {field}",
    jp: "予想の設定が無効です：{field}",
    kor: "잘못된 예측 설정: {field}",
    fra: "Réglage du pronostic invalide : {field}",
    spa: "Ajuste de predicción no válido: {field}",
    vn: "Cài đặt dự đoán không hợp lệ: {field}",
  },
});
